#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file open for appending (`FINAL.part`): every write goes whole to its end, `sync` fsyncs
/// it. Not shared between tasks: the download that opens it writes it.
final class PartFile {
    let path: String
    private var descriptor: Int32
    /// The file's size: what was there when opened plus what was appended since.
    private(set) var size: Int64

    /// Opens (or makes) `path` for writing at its end; `truncating` empties it first.
    init(path: String, truncating: Bool) throws(FileDownloadError) {
        self.path = path
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (truncating ? O_TRUNC : 0)
        descriptor = open(path, flags, 0o600)   // the user's own: private
        guard descriptor >= 0 else { throw Disk.failure(errno, path: path) }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0 else {
            let code = errno
            close(descriptor)
            throw Disk.failure(code, path: path)
        }
        size = Int64(end)
    }

    deinit {
        release()
    }

    /// Writes all of `bytes` at the end (a short write is continued, `EINTR` retried).
    func append(_ bytes: UnsafeRawBufferPointer) throws(FileDownloadError) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw Disk.failure(errno, path: path)
            }
            offset += written
        }
        size += Int64(bytes.count)
    }

    /// Empties the file (a download that starts over).
    func truncate() throws(FileDownloadError) {
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw Disk.failure(errno, path: path)
        }
        size = 0
    }

    /// fsyncs the bytes (an `ENOSPC` of a delayed allocation shows here too).
    func sync() throws(FileDownloadError) {
        guard fsync(descriptor) == 0 else { throw Disk.failure(errno, path: path) }
    }

    /// Closes the descriptor (again is nothing).
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
