extension ServerToken {
    /// The fewest characters `spindle serve` takes in a token given to it (`--token`,
    /// `SPINDLE_TOKEN`, a token file written by hand): 16 characters of visible ASCII. The
    /// tokens it makes are 64 hex digits (256 bits).
    package static let minimumServerLength = 16

    /// `token` (from `source`, as messages name it: "--token", "SPINDLE_TOKEN", a file) if
    /// `spindle serve` may use it: not empty, visible ASCII only, at least
    /// `minimumServerLength` characters, and not one a guesser tries first (`weakness(of:)`).
    /// The error never holds the token.
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
        if let weakness = weakness(of: token) { throw .weak(source: source, reason: weakness) }
        return token
    }

    /// Words a guesser tries first.
    static let commonWords = ["password", "passw0rd", "qwerty", "azerty", "letmein", "admin", "secret", "spindle",
                              "token", "changeme", "welcome", "iloveyou", "monkey", "dragon", "default", "guest"]

    /// Why `token` (visible ASCII, long enough) would be guessed at once, or nil: one character
    /// repeated, a short pattern repeated, a run such as "0123456789abcdef", fewer than 6
    /// different characters, or common words with little else.
    static func weakness(of token: String) -> String? {
        let bytes = Array(token.lowercased().utf8)
        if Set(bytes).count == 1 { return "it is one character repeated" }
        for period in 2 ... 8 where bytes.count >= 2 * period {
            if (period ..< bytes.count).allSatisfy({ bytes[$0] == bytes[$0 - period] }) {
                return "it is a pattern of \(period) characters repeated"
            }
        }
        if isRun(bytes) { return "it is a run of consecutive characters" }
        let distinct = Set(bytes).count
        if distinct < 6 { return "it has only \(distinct) different characters" }
        var rest = token.lowercased()
        for word in commonWords { rest = rest.replacingAll(word) }
        let left = Array(rest.utf8)
        if left.count < 8 || isRun(left) || Set(left).count < 4 { return "it is common words with little else" }
        return nil
    }

    /// Whether each character follows the one before in "0123456789abcdefghijklmnopqrstuvwxyz"
    /// (or precedes it), all the way.
    private static func isRun(_ bytes: [UInt8]) -> Bool {
        let order = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        let ranks = bytes.map { order.firstIndex(of: $0) }
        guard ranks.count >= 2, ranks.allSatisfy({ $0 != nil }) else { return false }
        let steps = zip(ranks.dropFirst(), ranks).map { $0! - $1! }
        return steps.allSatisfy { $0 == 1 } || steps.allSatisfy { $0 == -1 }
    }
}

private extension String {
    /// This text with every `word` taken out (ASCII, no Foundation).
    func replacingAll(_ word: String) -> String {
        var rest = Substring(self)
        var kept = ""
        while let range = rest.firstRange(of: word) {
            kept += rest[..<range.lowerBound]
            rest = rest[range.upperBound...]
        }
        return kept + rest
    }
}
