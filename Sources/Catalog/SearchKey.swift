/// Text folded for searching: lower case, without diacritics or width differences, as UTF-8.
/// Done with the standard library and a generated table (`SearchFoldingTable.swift`), so Catalog
/// needs no Foundation: letters of the Latin, Greek and Cyrillic blocks lose their diacritics
/// and take their full case fold ("Straße" finds "strasse"), nonspacing marks are dropped, and
/// full-width ASCII becomes ASCII. Other scripts (CJK, kana, Hangul) are only lower-cased.
///
/// Folding is done once per title (see `SearchIndex`); a search then compares bytes, so
/// `"cafe"` finds `"Café"` and `"Cafe\u{301}"` alike.
public struct SearchKey: Equatable, Hashable, Sendable {
    public let bytes: [UInt8]

    public init(_ text: String) {
        bytes = Self.fold(text)
    }

    /// Whether `other` occurs in this key. The empty key occurs everywhere.
    public func contains(_ other: SearchKey) -> Bool {
        let needle = other.bytes
        guard let first = needle.first else { return true }
        guard needle.count <= bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                var start = 0
                let last = haystack.count - needle.count
                while start <= last {
                    if haystack[start] == first {
                        var matched = 1
                        while matched < needle.count, haystack[start + matched] == needle[matched] {
                            matched += 1
                        }
                        if matched == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    private static func fold(_ text: String) -> [UInt8] {
        // Most titles are plain ASCII: lower-casing bytes is all they need, and is much cheaper.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { (0x41 ... 0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let entry = foldingTable[scalar.value] {
                folded.append(contentsOf: entry.unicodeScalars)
            } else if (0xFF01 ... 0xFF5E).contains(scalar.value),
                      let narrow = Unicode.Scalar(scalar.value - 0xFEE0) {
                // Full-width ASCII, as East Asian text often writes Latin letters and digits.
                folded.append(contentsOf: narrow.properties.lowercaseMapping.unicodeScalars)
            } else if scalar.properties.generalCategory != .nonspacingMark {
                // Marks are dropped: a decomposed "e\u{301}" folds as "é" does, to "e".
                folded.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars.filter {
                    $0.properties.generalCategory != .nonspacingMark
                })
            }
        }
        return Array(String(folded).utf8)
    }
}
