/// Text folded for searching: lower case, without diacritics or width differences, as UTF-8.
/// Done with the standard library and a generated table (`SearchFoldingTable.swift`), the same
/// on every platform and without Foundation's locale data: letters of the Latin, Greek and Cyrillic blocks lose their diacritics
/// and take their full case fold ("Straße" finds "strasse"), nonspacing marks are dropped, and
/// full-width ASCII becomes ASCII. Other scripts (CJK, kana, Hangul) are only lower-cased.
///
/// Folding is done once per title (see `SearchIndex`); a search then compares bytes, so
/// `"cafe"` finds `"Café"` and `"Cafe\u{301}"` alike.
package struct SearchKey: Equatable, Hashable, Sendable {
    package let bytes: [UInt8]

    package init(_ text: String) {
        bytes = Self.fold(text)
    }

    /// Whether `other` occurs in this key. The empty key occurs everywhere.
    package func contains(_ other: SearchKey) -> Bool {
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

    static func fold(_ text: String) -> [UInt8] {
        // Most titles are plain ASCII: lower-casing bytes is all they need, and is much cheaper.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.utf8.map { (0x41 ... 0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                // The ASCII of a title that is not all ASCII ("Shadow of Bogotá"): as above.
                folded.append((0x41 ... 0x5A).contains(value) ? UInt8(value) | 0x20 : UInt8(value))
            } else if let entry = foldingTable[value] {
                folded.append(contentsOf: entry.utf8)
            } else if (0xFF01 ... 0xFF5E).contains(value), let narrow = Unicode.Scalar(value - 0xFEE0) {
                // Full-width ASCII, as East Asian text often writes Latin letters and digits.
                folded.append(contentsOf: narrow.properties.lowercaseMapping.utf8)
            } else if scalar.properties.generalCategory != .nonspacingMark {
                // Marks are dropped: a decomposed "e\u{301}" folds as "é" does, to "e".
                for lower in scalar.properties.lowercaseMapping.unicodeScalars where lower.properties.generalCategory != .nonspacingMark {
                    UTF8.encode(lower) { folded.append($0) }
                }
            }
        }
        return folded
    }
}

extension SearchKey {
    /// The words of `text` as the library searches them: the text folded (as `init` folds it),
    /// split at every scalar that is not a letter, a number, a mark or private use.
    ///
    ///     SearchKey.words("Amélie — à Montréal")   // ["amelie", "a", "montreal"]
    package static func words(_ text: String) -> [String] {
        var words: [String] = []
        forEachWord(of: text) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }

    /// Hands each of the words of `text` (as `words(_:)` splits them) to `body`, as UTF-8,
    /// without making a string of each (what writing a million titles needs).
    package static func forEachWord(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Plain ASCII: lower-cased bytes, split at anything that is not a letter or a digit.
            text.withUTF8 { bytes in
                var word = [UInt8]()
                word.reserveCapacity(32)
                for byte in bytes {
                    switch byte {
                    case 0x30 ... 0x39, 0x61 ... 0x7A: word.append(byte)
                    case 0x41 ... 0x5A: word.append(byte | 0x20)
                    default:
                        if !word.isEmpty {
                            word.withUnsafeBufferPointer(body)
                            word.removeAll(keepingCapacity: true)
                        }
                    }
                }
                if !word.isEmpty { word.withUnsafeBufferPointer(body) }
            }
            return
        }
        fold(text).withUnsafeBufferPointer { bytes in
            // Split at each scalar that is not of a word, reading scalars from the UTF-8.
            var start = 0
            var index = 0
            while index < bytes.count {
                let (scalar, length) = Self.scalar(in: bytes, at: index)
                if !isWordScalar(scalar) {
                    if start < index { body(UnsafeBufferPointer(rebasing: bytes[start ..< index])) }
                    start = index + length
                }
                index += length
            }
            if start < bytes.count { body(UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
    }

    /// The scalar at `index` of valid UTF-8, and its length in bytes.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1 ..< length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether `scalar` belongs to a word: letters, numbers, marks and private use.
    package static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII first: most titles are plain ASCII, and properties are slow to look up.
        if scalar.isASCII {
            let value = scalar.value
            return (0x30 ... 0x39).contains(value) || (0x61 ... 0x7A).contains(value) || (0x41 ... 0x5A).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark,
             .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }
}
