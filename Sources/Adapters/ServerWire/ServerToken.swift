#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The token clients of `spindle serve` send (`Authorization: Bearer TOKEN`), and the file
/// that keeps it (`spindle/token` in the XDG config home; the app's `SpindleHome` says where).
/// The server and its client read the file by the same rules, the strictest of the two they
/// once had:
///
/// - it is opened without following a link and without waiting (a FIFO), and must be a regular
///   file of at most `maximumFileBytes`, owned by this user, that no one else may read or write
///   (mode 0600 or 0400): a token others could read is no secret;
/// - spaces, tabs and line breaks around the token are dropped (the file's final newline);
/// - what is left must be a token a header can carry (`validated`): not empty, visible ASCII
///   only, so a space or a line break inside it is refused rather than silently removed.
///
/// The first run of the server makes one: 32 random bytes as 64 hex digits, written with mode
/// 0600 to a temporary name, synced, then renamed into place, so the file is whole or absent.
///
///     let token = try ServerToken.loadOrCreate(at: configHome + "/token")
package enum ServerToken {
    /// A token file bigger than this is not a token.
    package static let maximumFileBytes = 4096

    /// The token in the file at `path`, made first if there is no file.
    package static func loadOrCreate(at path: String) throws(ServerTokenError) -> String {
        if let token = try load(at: path) { return token }
        return try create(at: path)
    }

    /// The token in the file at `path`, or nil when there is no file.
    package static func load(at path: String) throws(ServerTokenError) -> String? {
        // Non-blocking, so that a FIFO in its place cannot hold the open; refused just after.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "it is not a regular file") }
        guard info.st_uid == geteuid() else { throw .notOwned(path: path) }
        let mode = UInt32(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .unsafePermissions(path: path, mode: mode) }
        var bytes = [UInt8](repeating: 0, count: maximumFileBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            count += got
        }
        guard count <= maximumFileBytes else { throw .unreadable(path: path, reason: "it is too big for a token") }
        let contents = trimmed(String(decoding: bytes[..<count], as: UTF8.self))
        guard !contents.isEmpty else { throw .empty(path: path) }
        do throws(ServerTokenError) {
            return try validated(contents)
        } catch {
            throw .unreadable(path: path, reason: "its token cannot be sent: \(error.invalidReason ?? "")")
        }
    }

    /// The token trimmed, if an HTTP header can carry it: visible ASCII only, not empty.
    package static func validated(_ token: String) throws(ServerTokenError) -> String {
        let token = trimmed(token)
        guard !token.isEmpty else { throw .invalid(reason: "it is empty") }
        guard token.utf8.allSatisfy({ (0x21 ... 0x7E).contains($0) }) else {
            throw .invalid(reason: "it may hold only visible ASCII characters, no spaces or line breaks")
        }
        return token
    }

    /// `text` without the spaces, tabs and line breaks around it.
    package static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// Makes a new token and writes it to `path` (its folder made with mode 0700 if need be).
    package static func create(at path: String) throws(ServerTokenError) -> String {
        let token = generate()
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty { try makeFolders(folder, for: path) }
        let temporary = path + ".tmp-\(getpid())-" + generate().prefix(8)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        let bytes = Array((token + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return try fail(descriptor, temporary, path) }
            written += count
        }
        guard fsync(descriptor) == 0 else { return try fail(descriptor, temporary, path) }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
        // The rename is durable once the folder is synced.
        let folderDescriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return token
    }

    /// 32 random bytes as 64 lowercase hex digits.
    package static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".unicodeScalars)
        var token = String.UnicodeScalarView()
        for _ in 0 ..< 32 {
            let byte = UInt8.random(in: 0 ... 255, using: &generator)
            token.append(digits[Int(byte >> 4)])
            token.append(digits[Int(byte & 15)])
        }
        return String(token)
    }

    private static func makeFolders(_ folder: String, for path: String) throws(ServerTokenError) {
        var current = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw .cannotWrite(path: path, reason: "cannot make \(current): " + String(cString: strerror(errno)))
            }
        }
    }

    private static func fail(_ descriptor: Int32, _ temporary: String, _ path: String) throws(ServerTokenError) -> String {
        let reason = String(cString: strerror(errno))
        close(descriptor)
        unlink(temporary)
        throw .cannotWrite(path: path, reason: reason)
    }
}
