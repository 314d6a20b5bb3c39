extension ServerToken {
    /// The fewest characters `spindle serve` takes in a token given to it (`--token`,
    /// `SPINDLE_TOKEN`, a token file written by hand): 16 characters of visible ASCII. The
    /// tokens it makes are 64 hex digits (256 bits).
    package static let minimumServerLength = 16

    /// `token` (from `source`, as messages name it: "--token", "SPINDLE_TOKEN", a file) if
    /// `spindle serve` may use it: not empty, visible ASCII only, at least
    /// `minimumServerLength` characters. The error never holds the token.
    ///
    ///     try ServerToken.validatedForServer(flag, from: "--token")
    package static func validatedForServer(_ token: String, from source: String) throws(ServerTokenError) -> String {
        let token = trimmed(token)
        guard !token.isEmpty else {
            throw .weak(source: source, reason: "it is empty")
        }
        guard token.utf8.allSatisfy({ (0x21 ... 0x7E).contains($0) }) else {
            throw .weak(source: source, reason: "it may hold only visible ASCII characters (no spaces, line breaks or control characters)")
        }
        guard token.count >= minimumServerLength else {
            throw .weak(source: source, reason: "it is \(token.count) character\(token.count == 1 ? "" : "s") long, and a token needs at least \(minimumServerLength)")
        }
        return token
    }
}
