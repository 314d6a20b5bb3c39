import GRDB

/// What `spindle serve` sends of a page's titles besides the `Title`s the page holds: each
/// one's row, its subtitles (kept in `Title.media` only beside a video) and its genre as stored
/// (Home's rows carry their part's tag there). They are taken from the rows the page is read
/// from (`TitleRow.columns`), so the server does not read those rows again by key: at a million
/// titles that was one more seek in the key's index for each title, most of them a read of a
/// 16 KiB page from the file (115 reads for a page of 50 in the title order, against 67).
///
///     let read = PageRowsRead()
///     let page = try provider.page(request, matching: nil, in: db, rowsRead: read)
///     let served = try LibraryDatabase.servedTitles(page.items, known: read, in: db)
final class PageRowsRead {
    struct Extras {
        let rowID: Int64
        let subtitles: String?
        let genre: String
    }

    /// By title id (the `key` column).
    private(set) var byKey: [String: Extras] = [:]

    /// Keeps what `rows`, read with `TitleRow.columns` first, hold.
    func take(_ rows: some Sequence<Row>) {
        for row in rows {
            byKey[row[0]] = Extras(rowID: row[11], subtitles: row[9], genre: row[3] ?? "")
        }
    }
}
