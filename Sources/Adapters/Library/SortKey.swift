import Catalog

/// The text the library is ordered by, with the row id after it for a total order (see
/// `docs/library-database.md`). Compared as bytes (SQLite's BINARY collation):
///
/// - imported catalogs come first, each in its file's order: `0`, the catalog's number and the
///   line number, zero-padded;
/// - scanned files follow, by name ignoring case and accents (`SearchKey`): a film by its title,
///   an episode by its show, then season and episode, zero-padded.
enum SortKey {
    static func catalog(number: Int, line: Int) -> String {
        "0" + padded(number, 6) + padded(line, 10)
    }

    /// `year` separates films of the same name.
    static func film(title: String, year: Int?) -> String {
        "1" + folded(title) + "\u{1}" + padded(year ?? 0, 4)
    }

    static func episode(show: String, season: Int?, episode: Int?) -> String {
        "1" + folded(show) + "\u{1}" + padded(season ?? 0, 4) + padded(episode ?? 0, 5)
    }

    private static func folded(_ text: String) -> String {
        String(decoding: SearchKey(text).bytes, as: UTF8.self)
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(max(0, number))
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
