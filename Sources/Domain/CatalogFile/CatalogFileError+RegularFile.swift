#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CatalogFileError {
    /// Refuses a catalog that is not a regular file before anything opens it: reading a device
    /// (`/dev/zero`) never ends, opening a FIFO waits for a writer, and a directory is no
    /// catalog. A symbolic link to a regular file is a regular file.
    ///
    ///     try CatalogFileError.checkRegularFile("/dev/zero")
    ///     // "/dev/zero: not a regular file (it is a character device); a catalog is a JSON Lines text file"
    package static func checkRegularFile(_ path: String) throws(CatalogFileError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            let reason = switch code {
            case ENOENT: "no such file"
            case EACCES: "permission denied"
            default: String(cString: strerror(code))
            }
            throw CatalogFileError(file: path, line: nil, problem: .unreadable(reason: reason))
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a directory"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFIFO: kind = "a pipe (FIFO)"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file"
        }
        throw CatalogFileError(file: path, line: nil, problem: .notARegularFile(kind: kind))
    }

    /// Whether `path` is a regular file (following links), without saying why not.
    package static func isRegularFile(_ path: String) -> Bool {
        (try? checkRegularFile(path)) != nil
    }
}
