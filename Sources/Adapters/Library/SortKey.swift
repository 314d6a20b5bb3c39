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

    /// `text` in natural order (`NaturalOrder`): numbers compare as numbers.
    static func natural(_ text: String) -> String {
        NaturalOrder.key(text)
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        NaturalOrder.padded(number, width)
    }
}
