import Catalog
import SearchText

/// Where a query occurs in a title, as the catalog's search sees it (ignoring case and
/// accents: "amelie" in "Amélie"), for highlighting the matched letters.
enum SearchMatches {
    /// Calls `body` with each non-overlapping occurrence of `query` in `text`, left to right.
    /// Plain ASCII (most titles) is compared byte by byte without allocating.
    static func forEach(of query: String, in text: String, _ body: (Range<String.Index>) -> Void) {
        guard !query.isEmpty else { return }
        if query.utf8.allSatisfy({ $0 < 0x80 }), text.utf8.allSatisfy({ $0 < 0x80 }) {
            asciiMatches(of: query, in: text, body)
        } else {
            foldedMatches(of: query, in: text, body)
        }
    }

    private static func asciiMatches(of query: String, in text: String, _ body: (Range<String.Index>) -> Void) {
        let needle = query.utf8, haystack = text.utf8
        var start = haystack.startIndex
        while haystack.distance(from: start, to: haystack.endIndex) >= needle.count {
            var candidate = start
            var matched = true
            for byte in needle {
                if lower(haystack[candidate]) != lower(byte) { matched = false; break }
                candidate = haystack.index(after: candidate)
            }
            if matched {
                body(start..<candidate)
                start = candidate
            } else {
                start = haystack.index(after: start)
            }
        }
    }

    /// Folds each character on its own (as `SearchKey` folds whole titles) and searches the
    /// folded bytes, mapping a match back to the characters it came from.
    private static func foldedMatches(of query: String, in text: String, _ body: (Range<String.Index>) -> Void) {
        let needle = SearchKey(query).bytes
        guard !needle.isEmpty else { return }
        var folded: [UInt8] = []
        var owners: [String.Index] = []   // the character each folded byte came from
        for index in text.indices {
            let bytes = SearchKey(String(text[index])).bytes
            folded += bytes
            owners += repeatElement(index, count: bytes.count)
        }
        var start = 0
        while start + needle.count <= folded.count {
            if folded[start..<(start + needle.count)].elementsEqual(needle) {
                let first = owners[start]
                let lastOwner = owners[start + needle.count - 1]
                body(first..<text.index(after: lastOwner))
                start += needle.count
            } else {
                start += 1
            }
        }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
}
