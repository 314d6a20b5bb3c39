#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why `spindle serve` could not start listening, in words a user can act on: one line each,
/// "cannot listen on ADDRESS: REASON".
///
///     throw ServerStartError.cannotListen(address: "127.0.0.1:8700", errno: EADDRINUSE)
package enum ServerStartError: Error, Equatable, CustomStringConvertible {
    case cannotListen(address: String, reason: String)
    /// A certificate or key file of `--tls-cert`/`--tls-key` that cannot be used.
    case tls(file: String, reason: String)

    /// The error for a bind that failed with `errno`.
    package static func cannotListen(address: String, errno code: Int32) -> ServerStartError {
        let reason = switch code {
        case EADDRINUSE: "the address is in use (another server listens there: stop it, or choose another port with --listen)"
        case EACCES: "permission denied (ports below 1024 need root: choose a port from 1024 up)"
        case EADDRNOTAVAIL: "this machine has no such address"
        default: String(cString: strerror(code))
        }
        return .cannotListen(address: address, reason: reason)
    }

    package var description: String {
        switch self {
        case let .cannotListen(address, reason): "cannot listen on \(address): \(reason)"
        case let .tls(file, reason): "cannot use \(file) for TLS: \(reason)"
        }
    }
}
