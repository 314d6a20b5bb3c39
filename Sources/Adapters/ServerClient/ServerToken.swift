#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the client finds the server's token: the `--token` value, else `SPINDLE_TOKEN`, else
/// the file `spindle serve` writes, `$XDG_CONFIG_HOME/spindle/token` (by default
/// `~/.config/spindle/token`). Surrounding spaces and the file's final newline are dropped.
///
///     let token = try ServerToken.resolve(flag: options.token, environment: ProcessInfo.processInfo.environment)
///     ServerToken.hideArguments()   // `ps` no longer shows the --token value
public enum ServerToken {
    /// A token file bigger than this is not a token.
    static let maximumFileBytes = 4096

    /// The token from the first source that has one. Throws `RemoteError.noToken` when none
    /// does, `.unreadableTokenFile` when the file exists but cannot be read, and
    /// `.invalidToken` for a token a header cannot carry.
    public static func resolve(flag: String?, environment: [String: String]) throws(RemoteError) -> String {
        if let flag {
            return try validated(flag)
        }
        if let variable = environment["SPINDLE_TOKEN"], !trimmed(variable).isEmpty {
            return try validated(variable)
        }
        let path = filePath(environment: environment)
        guard let contents = try readFile(path), !trimmed(contents).isEmpty else {
            throw .noToken(file: path)
        }
        return try validated(contents)
    }

    /// `$XDG_CONFIG_HOME/spindle/token`, else `$HOME/.config/spindle/token`.
    public static func filePath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return config + "/spindle/token"
        }
        return (environment["HOME"] ?? "") + "/.config/spindle/token"
    }

    /// The token trimmed, if an HTTP header can carry it: visible ASCII only, not empty.
    static func validated(_ token: String) throws(RemoteError) -> String {
        let token = trimmed(token)
        guard !token.isEmpty else { throw .invalidToken(reason: "it is empty") }
        guard token.utf8.allSatisfy({ (0x21 ... 0x7E).contains($0) }) else {
            throw .invalidToken(reason: "it may hold only visible ASCII characters, no spaces or line breaks")
        }
        return token
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }

    /// The file's text, nil when it does not exist.
    private static func readFile(_ path: String) throws(RemoteError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw .unreadableTokenFile(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: maximumFileBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadableTokenFile(path: path, reason: String(cString: strerror(errno)))
            }
            count += got
        }
        guard count <= maximumFileBytes else {
            throw .unreadableTokenFile(path: path, reason: "it is too big for a token")
        }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
