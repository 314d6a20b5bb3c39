#if canImport(Glibc)
import Glibc
#endif

/// Reads the configuration file: a regular file (through a symbolic link too: dotfiles), no
/// bigger than a limit, as UTF-8 text.
enum ConfigFile {
    enum Contents: Equatable {
        case missing
        case unreadable(String)
        case text(String)
    }

    static func read(_ path: String, maximumSize: Int) -> Contents {
        // Non-blocking, so that a FIFO in its place cannot hang the start.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return .missing }
            return .unreadable("cannot be read (\(String(cString: strerror(errno)))); the defaults apply")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            return .unreadable("is not a regular file; the defaults apply")
        }
        guard Int(info.st_size) <= maximumSize else {
            return .unreadable("is larger than \(maximumSize / 1024) KiB, which no configuration is; the defaults apply")
        }
        var bytes = [UInt8](repeating: 0, count: maximumSize + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { return .unreadable("cannot be read (\(String(cString: strerror(errno)))); the defaults apply") }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumSize else {
            return .unreadable("is larger than \(maximumSize / 1024) KiB, which no configuration is; the defaults apply")
        }
        guard let text = String(validating: bytes[..<count], as: UTF8.self) else {
            return .unreadable("is not UTF-8 text; the defaults apply")
        }
        return .text(text)
    }
}
