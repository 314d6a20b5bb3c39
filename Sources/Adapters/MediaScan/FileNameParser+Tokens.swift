extension FileNameParser {
    /// A piece of a name: a word, a lone dash, or a year the name set apart in brackets, as in
    /// `Film (1999)` or `Film [1999]`, which beats any other year-like word.
    enum Token: Equatable {
        case word(String)
        case dash
        case bracketedYear(Int)

        var word: String? {
            if case .word(let word) = self { return word }
            return nil
        }
    }

    /// Splits a name (without extension) into tokens. Underscores are spaces, and so are dots
    /// when the name has more dots than spaces (`Show.Name.S01E02`, but `Mr. Robot` keeps its
    /// dot). Square brackets hold junk (`[ABCD1234]`, `[1080p]`, `[Group]`) unless they hold a
    /// year; parentheses hold a year, junk (`(1080p)`), or words kept as they are (`(US)`).
    static func tokens(of name: String) -> [Token] {
        var text = name.replacing("_", with: " ")
        if text.count(where: { $0 == "." }) > text.count(where: { $0 == " " }) {
            text = text.replacing(".", with: " ")
        }
        var tokens: [Token] = []
        var rest = Substring(text)
        while let opening = rest.firstIndex(where: { $0 == "[" || $0 == "(" }) {
            let closing: Character = rest[opening] == "[" ? "]" : ")"
            guard let end = rest[opening...].firstIndex(of: closing) else { break }
            tokens += words(rest[..<opening])
            let inside = rest[rest.index(after: opening) ..< end]
            if let year = asYear(inside.trimmed) {
                tokens.append(.bracketedYear(year))
            } else if closing == ")" {
                let kept = words(inside)
                if !kept.isEmpty, !kept.allSatisfy({ $0.word.map(isJunk) ?? true }) {
                    tokens += words(rest[opening ... end])
                }
            }
            rest = rest[rest.index(after: end)...]
        }
        return tokens + words(rest)
    }

    /// Whether no word has a capital: such a name is title-cased.
    static func isLowercase(_ tokens: [Token]) -> Bool {
        !tokens.contains { $0.word?.contains(where: \.isUppercase) == true }
    }

    private static func words(_ text: Substring) -> [Token] {
        text.split(whereSeparator: \.isWhitespace).compactMap { piece in
            if piece.allSatisfy({ $0 == "-" }) { return .dash }
            return .word(String(piece))
        }
    }

    /// The words of `tokens` joined by spaces, without dashes at either end, and title-cased
    /// when the whole name held no capital at all (`show_name_s1e2` is `Show Name`).
    static func text(_ tokens: some Collection<Token>, titleCased: Bool) -> String {
        var parts: [String] = []
        for token in tokens {
            switch token {
            case .word(let word): parts.append(word)
            case .dash: parts.append("-")
            case .bracketedYear(let year): parts.append("(\(year))")
            }
        }
        while parts.first == "-" { parts.removeFirst() }
        while parts.last == "-" { parts.removeLast() }
        guard titleCased else { return parts.joined(separator: " ") }
        return parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

extension StringProtocol where SubSequence == Substring {
    var trimmed: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start ..< end]
    }
}
