/// Why the terminal could not be started; each message is one line a user can act on.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
    case notATerminal
    case unknownTerminalType(String)
    /// The terminal type cannot move the cursor (TERM=dumb, a printing terminal).
    case cannotAddressCursor(String)
    case cannotStart(String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "needs a terminal: standard output is not one and /dev/tty cannot be opened"
        case .unknownTerminalType(let type):
            return "unknown terminal type \"\(type)\": set TERM to one your system knows (e.g. xterm-256color)"
        case .cannotAddressCursor(let type):
            return "terminal type \"\(type)\" cannot move the cursor: run Spindle in a full-screen terminal (e.g. TERM=xterm-256color)"
        case .cannotStart(let reason):
            return "cannot start the terminal: \(reason)"
        }
    }
}
