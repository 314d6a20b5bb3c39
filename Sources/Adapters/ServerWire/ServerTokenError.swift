/// Why `ServerToken` could not give a token; the description says what to do.
package enum ServerTokenError: Error, Equatable, CustomStringConvertible {
    /// The file may be read by others than its owner (`mode` is its permission bits).
    case unsafePermissions(path: String, mode: UInt32)
    /// The file belongs to another user.
    case notOwned(path: String)
    case empty(path: String)
    case unreadable(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// A token an HTTP header cannot carry (`ServerToken.validated`).
    case invalid(reason: String)
    /// A token `spindle serve` will not use (`ServerToken.validatedForServer`): empty, with
    /// control characters, or too short; `source` is where it came from.
    case weak(source: String, reason: String)

    /// The reason of `.invalid`.
    package var invalidReason: String? {
        if case .invalid(let reason) = self { reason } else { nil }
    }

    package var description: String {
        switch self {
        case let .unsafePermissions(path, mode):
            "\(path) may be read by others (mode \(String(mode, radix: 8))): the token must stay secret. "
                + "Run `chmod 600 \(path)` if nobody else has read it, or delete it to get a new token."
        case .notOwned(let path):
            "\(path) belongs to another user: delete it to get a new token."
        case .empty(let path):
            "\(path) holds no token: delete it to get a new one."
        case let .unreadable(path, reason):
            "cannot read the token in \(path): \(reason)"
        case let .cannotWrite(path, reason):
            "cannot write a new token to \(path): \(reason)"
        case .invalid(let reason):
            "the token cannot be sent: \(reason)"
        case let .weak(source, reason):
            "the token of \(source) cannot be used: \(reason). Give one of at least "
                + "\(ServerToken.minimumServerLength) visible characters, or none: spindle makes one"
        }
    }
}
