import Catalog
import SearchText

/// A user's search: its words, folded and split as the titles' `words` are (`SearchKey.words`:
/// case and accents ignored, split at anything that is not a letter, a number or a mark), so the
/// two ways a page finds matches agree by construction (see `LibraryProvider`):
///
/// - `match`, an FTS5 query: each word a quoted prefix term (`"word"*`), all required, so what
///   is typed so far already finds titles, and no character of the user's text is taken as
///   FTS5 syntax (`"`, `*`, `AND`, `NEAR`, `(`, `-` are only text);
/// - `tokens`, for `instr(words, ' ' || token) > 0`: a word of the title starts with each.
///
///     SearchQuery("Amé lie")?.tokens   // ["ame", "lie"]
///     SearchQuery("Amé lie")?.match    // "ame"* "lie"*
///     SearchQuery("(-)")                // nil: nothing to search for
struct SearchQuery: Equatable, Sendable {
    let tokens: [String]

    init?(_ text: String) {
        tokens = SearchKey.words(text)
        guard !tokens.isEmpty else { return nil }
    }

    /// Words hold only letters, numbers and marks: never a quote, so quoting them is enough.
    var match: String {
        tokens.map { "\"" + $0 + "\"*" }.joined(separator: " ")
    }

    /// The `words` column of a title made of `parts` (its name, show and genre): its words,
    /// each with a space before and after (`" amelie comedy "`), which the FTS5 `ascii`
    /// tokenizer splits exactly where `SearchKey.words` did.
    static func words(_ parts: String?...) -> String {
        words(parts)
    }

    static func words(_ parts: [String?]) -> String {
        var text: [UInt8] = [0x20]
        text.reserveCapacity(64)
        for part in parts {
            guard let part else { continue }
            SearchKey.forEachWord(of: part) { word in
                text.append(contentsOf: word)
                text.append(0x20)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
