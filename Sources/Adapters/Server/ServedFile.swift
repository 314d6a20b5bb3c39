#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the server knows of a file it streams: which file it is (device and inode, so a file
/// replaced between the answer's head and its bytes is noticed), its size and its time.
struct ServedFile: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// Nanoseconds since 1970.
    var modified: Int64

    /// `"<size>-<modified>"` in hex: changes when the file does.
    var etag: String {
        "\"" + String(size, radix: 16) + "-" + String(modified, radix: 16) + "\""
    }

    /// A regular file's facts, read from an open descriptor; nil for anything else.
    static func of(descriptor: Int32) -> ServedFile? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return ServedFile(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified)
    }

    /// Opens `path` for reading if it is a regular file inside `roots` (never following it
    /// into a directory, a device, or out of the library's folders): the descriptor and the
    /// file's facts, or nil.
    static func open(_ path: String, within roots: ServingRoots) -> (Int32, ServedFile)? {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        guard roots.allows(descriptor: descriptor), let file = of(descriptor: descriptor) else {
            close(descriptor)
            return nil
        }
        return (descriptor, file)
    }
}

/// `open(2)`, out of reach of `ServedFile.open`'s name.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
