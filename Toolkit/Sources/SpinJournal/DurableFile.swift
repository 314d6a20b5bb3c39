import CSpinJournalSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX file operations a journal needs, with errors a user can act on.
///
/// The journal's own files are never followed through a symbolic link (`O_NOFOLLOW`): a link
/// planted where a journal should be would otherwise have its target cut or appended to. Such a
/// file is refused with `JournalError.unreadable`/`.unwritable` saying so.
///
/// A file that is not a regular file (a FIFO, a device, a socket, a directory) is refused before
/// any read: opening a FIFO could wait for a writer, and reading a device never end.
///
/// Files are made with mode 0600 (an old one it rewrites is set to 0600 too) and folders with
/// 0700; a umask only narrows them. A journal holds what its user did.
///
/// A file that must survive a crash whole is written under a temporary name, fsync'd, renamed
/// over the real one, and the directory is fsync'd so that the rename itself is durable:
///
///     try DurableFile.replace("/state/snapshot.json", with: bytes)
public enum DurableFile {
    /// The whole content of `path`, or nil if it does not exist.
    ///
    /// - Parameter followingLinks: false for a journal's own files: a symbolic link is refused.
    public static func readAll(_ path: String, followingLinks: Bool = true) throws(JournalError) -> [UInt8]? {
        // Non-blocking, so that a FIFO in its place cannot hang the open; refused just after.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(file: path, reason: reason(errno))
        }
        defer { close(fd) }
        if let kind = notRegular(fd) { throw .unreadable(file: path, reason: "it is \(kind), not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(file: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// Replaces `path` with `bytes` so that a crash at any point leaves either the old file
    /// or the new one, whole.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(JournalError) {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .unwritable(file: temporary, reason: reason(errno)) }
        _ = fchmod(fd, 0o600)
        do throws(JournalError) {
            try writeAll(fd, bytes, path: temporary)
            try sync(fd, path: temporary)
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            throw .unwritable(file: path, reason: String(cString: strerror(errno)))
        }
        try syncDirectory(of: path)
    }

    /// Writes every byte (one `write` call unless the kernel takes fewer).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(JournalError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw .unwritable(file: path, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }

    static func sync(_ fd: Int32, path: String) throws(JournalError) {
        guard fsync(fd) == 0 else { throw .unwritable(file: path, reason: String(cString: strerror(errno))) }
    }

    /// Makes a rename in the directory of `path` durable.
    static func syncDirectory(of path: String) throws(JournalError) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .unwritable(file: directory, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        _ = fsync(fd)
    }

    /// Creates (or empties) `path` for writing, with mode 0600; -1 if it cannot.
    static func create(_ path: String) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        if fd >= 0 { _ = fchmod(fd, 0o600) }
        return fd
    }

    /// Opens `path` for appending (it must exist, and not be a symbolic link).
    static func openForAppending(_ path: String) throws(JournalError) -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw .unwritable(file: path, reason: reason(errno)) }
        return fd
    }

    /// Up to `count` bytes from the start of `path`, or nil if it cannot be read (or is a
    /// symbolic link).
    static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard notRegular(fd) == nil else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return got > 0 ? Array(bytes[..<got]) : nil
    }

    /// Cuts `path` to its first `length` bytes (a torn last line, before appending after it);
    /// a symbolic link is refused, its target left whole.
    static func cut(_ path: String, to length: Int) throws(JournalError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw .unwritable(file: path, reason: reason(errno)) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(length)) == 0 else {
            throw .unwritable(file: path, reason: reason(errno))
        }
    }

    /// What the open file `fd` is when it is not a regular file ("a pipe (FIFO)", "a directory"),
    /// or nil when it is one.
    static func notRegular(_ fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return "a file that cannot be looked at" }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR, S_IFBLK: return "a device"
        default: return "not a file"
        }
    }

    /// `strerror`'s words, but a plain sentence for the link `O_NOFOLLOW` refused.
    static func reason(_ code: Int32) -> String {
        code == ELOOP ? "it is a symbolic link, which is not followed" : String(cString: strerror(code))
    }

    static func closeDescriptor(_ fd: Int32) {
        _ = close(fd)
    }

    /// Gives the memory a large encoding just freed back to the system (glibc keeps it
    /// otherwise): a snapshot of a large state is encoded through a tree many times its size.
    static func releaseFreedMemory() {
        spin_release_freed_memory()
    }

    /// Creates `path` and its missing parents, like `mkdir -p`, each with mode 0700.
    public static func makeDirectory(_ path: String) throws(JournalError) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o700) != 0 && errno != EEXIST {
                throw .unwritable(file: partial, reason: String(cString: strerror(errno)))
            }
        }
    }
}
