import Catalog
import GRDB

/// Reading a `Title` out of a row of the `title` table.
enum TitleRow {
    /// The columns `title(from:)` reads, in order, for `SELECT \(columns) FROM title`.
    static let columns = """
        title.key, title.display, title.year, title.genre, title.duration, title.intro_start, \
        title.intro_end, title.credits_start, title.video, title.subtitles, title.sort_key, title.id, \
        title.probe_error
        """

    /// How many columns `columns` names: a query may select more after them.
    static let columnCount = 13

    static func title(from row: Row) -> Title {
        let duration: Double? = row[4]
        let seconds = duration.map { Int($0.rounded()) } ?? 0
        let introStart: Int? = row[5]
        let introEnd: Int? = row[6]
        let creditsStart: Int? = row[7]
        let video: String? = row[8]
        return Title(
            id: row[0], title: row[1], year: row[2] ?? 0, genre: row[3] ?? "", duration: seconds,
            introStart: introStart ?? 0, introEnd: introEnd ?? 0, creditsStart: creditsStart ?? seconds,
            media: video.map {
                TitleMedia(video: $0, subtitles: row[9], knowsDuration: duration != nil,
                           knowsIntro: introStart != nil && introEnd != nil, knowsCredits: creditsStart != nil,
                           problem: row[12])
            }
        )
    }

    /// Where the row stands in the library's order (the last two columns).
    static func position(of row: Row) -> PagePosition {
        PagePosition(sortKey: row[10], id: row[11])
    }
}
