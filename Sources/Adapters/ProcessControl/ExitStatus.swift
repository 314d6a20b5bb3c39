/// How a child process ended, from `waitpid`'s status (mpv's, ffprobe's).
package enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
    case exited(code: Int32)
    case killed(signal: Int32)

    /// Decodes a `waitpid` status (the WIFEXITED / WTERMSIG macros, which Swift cannot import).
    package init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited(code: (status >> 8) & 0xff) : .killed(signal: signal)
    }

    /// The status as a shell gives it: the exit code, or 128 + the signal.
    package var shellCode: Int32 {
        switch self {
        case .exited(let code): code
        case .killed(let signal): 128 + signal
        }
    }

    package var description: String {
        switch self {
        case .exited(let code): "exited with status \(code)"
        case .killed(let signal): "killed by signal \(signal)"
        }
    }
}
