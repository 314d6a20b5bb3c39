import Synchronization

/// Every connection a running `LibraryServer` has open, with whether a request is under way
/// on it: what lets the server keep its connection limit without locking real clients out,
/// count the transfers a shutdown waits for, and close what is left when the grace is over.
///
/// Past `maximumIdle` connections, each new one closes the connection idle the longest (no
/// request under way: a keep-alive connection between requests, one that said nothing, one
/// still trickling its request's head). A connection with a request under way is never closed
/// to make room.
///
///     let book = ConnectionBook(maximumIdle: 80)
///     book.opened(id) { channel.close(promise: nil) }   // may close the oldest idle one
///     book.changed(id, busy: true)
final class ConnectionBook: Sendable {
    private struct Entry {
        /// Closes the connection at once, from its guard (past `FlushBeforeClose`).
        var close: @Sendable () -> Void
        /// A request is under way (read, or its answer not yet all written).
        var busy: Bool
        /// When the connection last became idle, in the book's own count (older is smaller).
        var idleSince: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var tick: UInt64 = 0
        var closedToMakeRoom = 0
    }

    private let state = Mutex(State())
    private let maximumIdle: Int

    init(maximumIdle: Int) {
        self.maximumIdle = maximumIdle
    }

    /// A connection opened, which `close` closes at once; closes the connection idle the
    /// longest if there are now too many.
    func opened(_ id: ObjectIdentifier, close: @escaping @Sendable () -> Void) {
        let victim: (@Sendable () -> Void)? = state.withLock { state in
            state.tick += 1
            state.entries[id] = Entry(close: close, busy: false, idleSince: state.tick)
            guard state.entries.count > maximumIdle else { return nil }
            let oldest = state.entries.lazy.filter { $0.key != id && !$0.value.busy }
                .min { $0.value.idleSince < $1.value.idleSince }
            guard let oldest else { return nil }
            state.entries[oldest.key] = nil
            state.closedToMakeRoom += 1
            return oldest.value.close
        }
        victim?()
    }

    func closed(_ id: ObjectIdentifier) {
        state.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// A request started (`busy`) or its answer has all been written.
    func changed(_ id: ObjectIdentifier, busy: Bool) {
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            state.entries[id]!.busy = busy
            if !busy {
                state.tick += 1
                state.entries[id]!.idleSince = state.tick
            }
        }
    }

    /// Connections with a request under way: the transfers a shutdown waits for.
    var busyCount: Int {
        state.withLock { $0.entries.values.count { $0.busy } }
    }

    var openCount: Int {
        state.withLock { $0.entries.count }
    }

    /// How many idle connections were closed to make room for new ones.
    var closedToMakeRoom: Int {
        state.withLock { $0.closedToMakeRoom }
    }

    /// Closes every connection still open (the grace of a shutdown is over, or a second Ctrl+C).
    func closeAll() {
        let closes = state.withLock { state in
            defer { state.entries = [:] }
            return state.entries.values.map(\.close)
        }
        for close in closes { close() }
    }
}
