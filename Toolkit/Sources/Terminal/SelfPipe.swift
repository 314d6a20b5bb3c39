#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking pipe that signal handlers and other threads write single bytes into, so that
/// the thread waiting on the terminal wakes up (the self-pipe trick).
final class SelfPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws(TerminalError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .cannotStart("pipe: \(String(cString: strerror(errno)))") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    /// Writes one byte; a full pipe already holds a wake-up, so a failed write loses nothing.
    func send(_ byte: UInt8) {
        var byte = byte
        _ = write(writeEnd, &byte, 1)
    }

    /// Everything written since the last call.
    func drain() -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count <= 0 { break }
            result.append(contentsOf: buffer[0..<count])
        }
        return result
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }
}
