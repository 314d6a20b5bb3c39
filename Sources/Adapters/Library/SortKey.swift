import Catalog

/// The text the library is ordered by, with the row id after it for a total order (see
/// `docs/library-database.md`). Compared as bytes (SQLite's BINARY collation):
///
/// - imported catalogs come first, each in its file's order: `0`, the catalog's number and the
///   line number, zero-padded;
/// - scanned files follow, by name ignoring case and accents (`SearchKey`), numbers compared as
///   numbers ("Part 2" before "Part 10", `natural`): a film by its title, then its year; an
///   episode by its show, then season and episode.
enum SortKey {
    static func catalog(number: Int, line: Int) -> String {
        "0" + padded(number, 6) + padded(line, 10)
    }

    /// The part of a catalog row's key that names its catalog (`0` and the catalog's number);
    /// nil for a scanned title.
    static func catalogPrefix(of key: String) -> Substring? {
        key.hasPrefix("0") ? key.prefix(7) : nil
    }

    /// `year` separates films of the same name.
    static func film(title: String, year: Int?) -> String {
        "1" + natural(title) + "\u{1}" + padded(year ?? 0, 4)
    }

    static func episode(show: String, season: Int?, episode: Int?) -> String {
        "1" + natural(show) + "\u{1}" + padded(season ?? 0, 4) + padded(episode ?? 0, 5)
    }

    /// `text` folded (`SearchKey`), each run of digits written with 10 (leading zeros dropped,
    /// so "007" and "7" sort together): compared as bytes, numbers then sort as numbers.
    ///
    ///     SortKey.natural("Part 10") > SortKey.natural("Part 2")   // true
    static func natural(_ text: String) -> String {
        let folded = SearchKey(text).bytes
        var result: [UInt8] = []
        result.reserveCapacity(folded.count + 16)
        var index = 0
        while index < folded.count {
            guard isDigit(folded[index]) else {
                result.append(folded[index])
                index += 1
                continue
            }
            var end = index
            while end < folded.count, isDigit(folded[end]) { end += 1 }
            var digits = folded[index ..< end].drop { $0 == UInt8(ascii: "0") }
            if digits.isEmpty { digits = [UInt8(ascii: "0")] }
            if digits.count < 10 { result.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 10 - digits.count)) }
            result.append(contentsOf: digits)
            index = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte)
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(max(0, number))
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
