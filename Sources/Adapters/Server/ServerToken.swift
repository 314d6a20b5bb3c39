#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The token clients of `spindle serve` send (`Authorization: Bearer TOKEN`), kept in
/// `$XDG_CONFIG_HOME/spindle/token` (`~/.config/spindle/token` by default).
///
/// The first run makes one: 32 random bytes as 64 hex digits, written with mode 0600 to a
/// temporary name, synced, then renamed into place, so the file is whole or absent. A token
/// file that others may read (group or other permission bits) is refused, as is one owned by
/// someone else.
///
///     let token = try ServerToken.loadOrCreate()   // reads or makes ~/.config/spindle/token
///     print("token in", ServerToken.defaultPath())
public enum ServerToken {
    /// `$XDG_CONFIG_HOME/spindle/token`, or `$HOME/.config/spindle/token`.
    public static func defaultPath(environment: [String: String] = currentEnvironment()) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "") + "/.config"
        return config + "/spindle/token"
    }

    /// The token in the file at `path`, made first if there is no file.
    public static func loadOrCreate(at path: String = defaultPath()) throws(ServerTokenError) -> String {
        if let token = try load(at: path) { return token }
        return try create(at: path)
    }

    /// The token in the file at `path`, or nil when there is no file.
    public static func load(at path: String) throws(ServerTokenError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_uid == geteuid() else { throw .notOwned(path: path) }
        let mode = UInt32(info.st_mode) & 0o777
        guard mode & 0o077 == 0 else { throw .unsafePermissions(path: path, mode: mode) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65536 {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes += chunk[0 ..< count]
        }
        let token = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        guard !token.isEmpty else { throw .empty(path: path) }
        return token
    }

    /// Makes a new token and writes it to `path` (its folder made with mode 0700 if need be).
    public static func create(at path: String) throws(ServerTokenError) -> String {
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
    static func generate() -> String {
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

    public static func currentEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
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
