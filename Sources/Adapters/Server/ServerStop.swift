/// What a stopping `LibraryServer` tells its user: the first SIGTERM or Ctrl+C (or
/// `shutDown()`) starts a graceful stop, which waits for the transfers under way at most for
/// the grace; a second one stops at once.
///
///     try await server.run { stop in printError("spindle: \(stop)") }
package enum ServerStop: Equatable, Sendable, CustomStringConvertible {
    /// Stopping: no new connections; waits for `transfers` answers under way, at most `grace`.
    case stopping(transfers: Int, grace: Duration)
    /// Asked again: every connection is closed now.
    case stoppingNow

    package var description: String {
        switch self {
        case .stopping(0, _):
            "stopping"
        case let .stopping(transfers, grace):
            "stopping: waiting for \(transfers) transfer\(transfers == 1 ? "" : "s") to finish "
                + "(at most \(grace.components.seconds) s; Ctrl+C again stops now)"
        case .stoppingNow:
            "stopping now: the transfers under way are cut off"
        }
    }
}
