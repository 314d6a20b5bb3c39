#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls a download needs, over the C library, their failures as
/// `FileDownloadError` (`ENOSPC` is a full disk, never a crash).
enum Disk {
    /// The size of the file at `path`, or nil when there is none (or it is not a regular file).
    static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int64(info.st_size)
    }

    /// The folder of `path` ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes `folder` and its missing parents (`mkdir -p`), private to this user (0700).
    static func makeFolder(_ folder: String) throws(FileDownloadError) {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .cannotCreateFolder(path: folder, reason: "a file has that name")
            }
            return
        }
        let parent = Self.folder(of: folder)
        if parent != folder, parent != "." { try makeFolder(parent) }
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw .cannotCreateFolder(path: folder, reason: reason(errno))
        }
    }

    /// Renames `source` over `target` (atomic within one file system).
    static func move(_ source: String, to target: String) throws(FileDownloadError) {
        guard rename(source, target) == 0 else { throw failure(errno, path: target) }
    }

    /// fsyncs the folder itself, so that a rename or a new name in it survives a crash.
    static func syncFolder(_ folder: String) throws(FileDownloadError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno, path: folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure(errno, path: folder) }
    }

    /// Removes the file at `path`, if any.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Writes `bytes` to `path` so that either the old file or the whole new one is there after
    /// a crash: to `path.tmp`, fsynced, renamed over `path`, the folder fsynced.
    static func writeDurably(_ bytes: [UInt8], to path: String) throws(FileDownloadError) {
        let temporary = path + ".tmp"
        let file = try PartFile(path: temporary, truncating: true)
        do {
            try bytes.withUnsafeBytes { try file.append($0) }
        } catch {
            throw error as? FileDownloadError ?? .cannotWrite(path: temporary, reason: "\(error)")
        }
        try file.sync()
        file.release()
        try move(temporary, to: path)
        try syncFolder(folder(of: path))
    }

    /// The whole (small) file at `path`, or nil when it cannot be read, is not a regular file or
    /// passes `limit` bytes.
    static func contents(of path: String, limit: Int = 64 << 10) -> [UInt8]? {
        // Non-blocking and looked at before any read: a FIFO or a device is no small file.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit { return nil }
        }
    }

    /// A failed write: the disk is full, or the system's words.
    static func failure(_ code: Int32, path: String) -> FileDownloadError {
        code == ENOSPC || code == EDQUOT ? .diskFull(path: path) : .cannotWrite(path: path, reason: reason(code))
    }

    /// The system's words for `code`, in lower case ("no such file or directory").
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
