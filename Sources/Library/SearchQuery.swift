/// A user's search as an FTS5 query: each word becomes a quoted prefix term (`"word"*`), all of
/// which must match, so what is typed so far already finds titles, and no character of the
/// user's text is taken as FTS5 syntax (`"`, `*`, `AND`, `NEAR`, `(`, `-` are only text).
///
/// Words are split where the `unicode61` tokenizer splits them (at anything that is not a
/// letter, a digit or a mark), so every term holds a token.
///
///     SearchQuery("amé lie")?.match   // "amé"* "lie"*
///     SearchQuery("(-)")               // nil: nothing to search for
struct SearchQuery: Equatable, Sendable {
    let match: String

    init?(_ text: String) {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark,
                 .enclosingMark, .privateUse:
                word.append(scalar)
            default:
                if !word.isEmpty { words.append(String(word)) }
                word = String.UnicodeScalarView()
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        // A word of marks only gives the tokenizer nothing (they are diacritics it removes).
        words.removeAll { $0.unicodeScalars.allSatisfy { [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory) } }
        guard !words.isEmpty else { return nil }
        // Words hold no quote (it is punctuation); doubling any is what FTS5 asks, should one get in.
        match = words.map { "\"" + $0.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\"*" }
            .joined(separator: " ")
    }
}
