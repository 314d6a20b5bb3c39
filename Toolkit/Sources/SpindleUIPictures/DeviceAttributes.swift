#if canImport(Glibc)
import Glibc
#endif

/// The terminal's primary device attributes (its answer to `ESC [ c`), asked once, before the
/// screen takes the input: the answer is read here, with the terminal in raw mode for the
/// moment, so that it is never read as keys.
///
///     let answer = DeviceAttributes.query()   // "\u{1B}[?62;4;22c" from foot, nil from none
public enum DeviceAttributes {
    /// Asks the controlling terminal and waits at most `timeout` for the answer (up to its final
    /// `c`). Nil when there is no terminal or no answer in time. Input typed meanwhile is
    /// discarded with the answer.
    ///
    ///     DeviceAttributes.query(timeout: .milliseconds(150))
    public static func query(timeout: Duration = .milliseconds(150)) -> [UInt8]? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return query(input: fd, output: fd, timeout: timeout)
    }

    /// Asks through `output` and reads the answer from `input` (a terminal, put in raw mode
    /// while it waits; its modes are given back, pending input flushed).
    ///
    ///     DeviceAttributes.query(input: STDIN_FILENO, output: STDOUT_FILENO, timeout: .milliseconds(150))
    public static func query(input: Int32, output: Int32, timeout: Duration) -> [UInt8]? {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { controls in
            controls[Int(VMIN)] = 0
            controls[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(input, TCSAFLUSH, &saved) }
        let question: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "c")]
        guard question.withUnsafeBufferPointer({ write(output, $0.baseAddress, $0.count) }) == question.count else { return nil }
        return read(from: input, timeout: timeout)
    }

    /// Reads until an answer ends (`c` after `ESC [ ?`) or `timeout` passes; nil if nothing came.
    static func read(from fd: Int32, timeout: Duration) -> [UInt8]? {
        let deadline = milliseconds() + Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while answer.count < 4096 {
            let left = deadline - milliseconds()
            guard left > 0 else { break }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            answer += buffer.prefix(count)
            if isComplete(answer) { break }
        }
        return answer.isEmpty ? nil : answer
    }

    /// Whether `bytes` hold a whole answer: `ESC [ ?`, then digits and semicolons, then `c`.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let start = bytes.indices.first(where: { $0 + 2 < bytes.count && bytes[$0] == 0x1B && bytes[$0 + 1] == UInt8(ascii: "[") && bytes[$0 + 2] == UInt8(ascii: "?") }) else {
            return false
        }
        return bytes[(start + 3)...].contains(UInt8(ascii: "c"))
    }

    private static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
