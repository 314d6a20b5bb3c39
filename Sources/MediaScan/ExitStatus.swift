/// How a child process ended, from `waitpid`'s status.
enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
    case exited(code: Int32)
    case killed(signal: Int32)

    /// Decodes a `waitpid` status (the WIFEXITED / WTERMSIG macros, which Swift cannot import).
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited(code: (status >> 8) & 0xff) : .killed(signal: signal)
    }

    var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .killed(let signal): "was killed by signal \(signal)"
        }
    }
}
