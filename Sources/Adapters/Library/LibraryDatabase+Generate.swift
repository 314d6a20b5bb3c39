import Catalog
import GRDB

/// Synthetic titles for benchmarks and tests, written straight into the library in one
/// transaction: three films out of four are `EmbeddedCatalog` titles (accents, CJK and emoji
/// among them); every fourth title is an episode of a show of 100 episodes (10 seasons of 10).
/// Every 50th film gets an accented subtitle ("… — Amélie à Montréal") so searches for
/// `amelie` find many.
///
///     try await database.generateTitles(count: 1_000_000)   // ids "gen0000000" …
extension LibraryDatabase {
    package static let generatedSource = "generated"

    /// Adds `count` generated titles (ids `gen` and the 0-based number, zero-padded to 7 digits,
    /// from `start`). Rows get no media: the simulated player plays them. From `bulkFrom` titles
    /// on, in a library at most four times bigger, the indexes are built after the rows (`BulkTitles`).
    package func generateTitles(count: Int, start: Int = 0, bulkFrom: Int = LibraryDatabase.bulkTitles) async throws {
        try await bulkWrite { db in
            // Many titles in a library not much bigger: the indexes after the rows (300,000
            // titles in 13.5 s so, 46 s with the indexes kept in order row by row).
            let first = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM title") ?? 0
            let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM title") ?? 0
            let bulk = count >= bulkFrom && existing <= 4 * count ? try BulkTitles(db) : nil
            let insert = try RowInsert(db, sql: """
                INSERT INTO title (key, source, display, name, show, season, episode, year, genre, duration,
                    intro_start, intro_end, credits_start, sort_key, words)
                VALUES (?1, '\(Self.generatedSource)', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                """)
            for index in start ..< start + max(0, count) {
                if index % 1_000 == 0 { try RowInsert.checkCancellation(db) }
                let base = EmbeddedCatalog.title(at: index)
                insert.bind(1, "gen" + SortKey.padded(index, 7))
                if index % 4 == 3 {
                    let number = index / 4
                    let show = EmbeddedCatalog.title(at: 10_000_000 + number / 100).title
                    let season = number / 10 % 10 + 1
                    let episode = number % 10 + 1
                    insert.bind(2, "\(show) S\(SortKey.padded(season, 2))E\(SortKey.padded(episode, 2)) · \(base.title)")
                    insert.bind(3, base.title)
                    insert.bind(4, show)
                    insert.bind(5, season)
                    insert.bind(6, episode)
                    insert.bind(13, SortKey.episode(show: show, season: season, episode: episode))
                    insert.bind(14, TitleWords.of(name: base.title, show: show, genre: base.genre, year: base.year, season: season, episode: episode))
                } else {
                    let name = index % 50 == 0 ? base.title + " — Amélie à Montréal" : base.title
                    insert.bind(2, name)
                    insert.bind(3, name)
                    for column: Int32 in 4 ... 6 { insert.bindNull(column) }
                    insert.bind(13, SortKey.film(title: name, year: base.year))
                    insert.bind(14, TitleWords.of(name: name, show: nil, genre: base.genre, year: base.year, season: nil, episode: nil))
                }
                insert.bind(7, base.year)
                insert.bind(8, base.genre)
                insert.bind(9, base.duration)
                insert.bind(10, base.introStart)
                insert.bind(11, base.introEnd)
                insert.bind(12, base.creditsStart)
                try insert.run()
            }
            try bulk?.finish(searchingRows: "id > ?", arguments: [first])
        }
    }

    /// From this many generated titles on, the indexes are built after the rows.
    package static let bulkTitles = 50_000

    /// Some history for a generated library, as a user's would be, so that Home has rows (for
    /// the benchmarks): 20 films left part way (10 minutes in), and the first episode of 20
    /// shows watched (each show's next up is its second). Titles past `count` are skipped.
    package func generateHistory(count: Int) async throws {
        try await write { db in
            let insert = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO watch_state (key, watched, position, updated) VALUES (?, ?, ?, ?)
                """)
            for step in 1 ... 20 where step * 1000 < count {
                try insert.execute(arguments: ["gen" + SortKey.padded(step * 1000, 7), false, 600, Int64(step)])
            }
            for show in 0 ..< 20 where show * 400 + 3 < count {
                try insert.execute(arguments: ["gen" + SortKey.padded(show * 400 + 3, 7), true, 0, Int64(100 + show)])
            }
        }
    }
}
