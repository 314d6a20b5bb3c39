import Catalog
import GRDB
import ProcessControl

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
    package func generateTitles(count: Int, start: Int = 0, bulkFrom: Int = LibraryDatabase.bulkTitles,
                                progress: ImportProgressReport? = nil) async throws {
        try await bulkWrite { db in
            // Many titles in a library not much bigger: the indexes after the rows (300,000
            // titles in 13.5 s so, 46 s with the indexes kept in order row by row).
            let first = try Int64.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM title") ?? 0
            let existing = try Int.fetchOne(db, sql: "SELECT count(*) FROM title") ?? 0
            var bulk = count >= bulkFrom && existing <= 4 * count ? try BulkTitles(db) : nil
            try bulk?.buildSearchAlongside()
            let alongside = bulk?.search != nil
            var entries: [SearchIndexBuild.Entry] = []
            let insert = try RowInsert(db, sql: """
                INSERT INTO title (key, source, display, name, show, season, episode, year, genre, duration,
                    intro_start, intro_end, credits_start, sort_key, words)
                VALUES (?1, '\(Self.generatedSource)', ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
                """)
            // The titles are made (their words folded, their sort keys) on a thread of their own
            // while this one inserts the ones before, as an import's lines are.
            let rows = ImportRows<GeneratedRow>()
            let range = start ..< start + max(0, count)
            startDetachedThread { GeneratedRow.make(range, into: rows) }
            defer { rows.stopAndWait() }
            making: while true {
                switch rows.take() {
                case .rows(let batch):
                    try RowInsert.checkCancellation(db)
                    for row in batch {
                        row.bind(to: insert)
                        try insert.run()
                        if alongside { entries.append(.init(id: insert.lastID, words: row.words)) }
                    }
                    if alongside {
                        bulk?.add(entries)
                        entries.removeAll(keepingCapacity: true)
                    }
                case .finished, .failed:
                    break making
                }
            }
            try bulk?.finish(searchingRows: "id > ?", arguments: [first], progress: progress)
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

/// A generated title's row, made off the database's thread: every column of the generator's insert.
struct GeneratedRow: Sendable {
    var key: String
    var display: String
    var name: String
    var show: String?
    var season: Int?
    var episode: Int?
    var year: Int
    var genre: String
    var duration: Int
    var introStart: Int
    var introEnd: Int
    var creditsStart: Int
    var sortKey: String
    var words: String

    /// The title numbered `index` (see `LibraryDatabase.generateTitles`).
    init(_ index: Int) {
        let base = EmbeddedCatalog.title(at: index)
        key = "gen" + SortKey.padded(index, 7)
        (year, genre, duration) = (base.year, base.genre, base.duration)
        (introStart, introEnd, creditsStart) = (base.introStart, base.introEnd, base.creditsStart)
        if index % 4 == 3 {
            let number = index / 4
            let show = EmbeddedCatalog.title(at: 10_000_000 + number / 100).title
            let season = number / 10 % 10 + 1
            let episode = number % 10 + 1
            display = "\(show) S\(SortKey.padded(season, 2))E\(SortKey.padded(episode, 2)) · \(base.title)"
            name = base.title
            (self.show, self.season, self.episode) = (show, season, episode)
            sortKey = SortKey.episode(show: show, season: season, episode: episode)
            words = TitleWords.of(name: base.title, show: show, genre: base.genre, year: base.year, season: season, episode: episode)
        } else {
            name = index % 50 == 0 ? base.title + " — Amélie à Montréal" : base.title
            display = name
            sortKey = SortKey.film(title: name, year: base.year)
            words = TitleWords.of(name: name, show: nil, genre: base.genre, year: base.year, season: nil, episode: nil)
        }
    }

    /// Makes the titles of `range` in batches, handing them to `rows` until it is stopped.
    static func make(_ range: Range<Int>, into rows: ImportRows<GeneratedRow>) {
        defer { rows.end() }
        var batch: [GeneratedRow] = []
        batch.reserveCapacity(ImportReader.batchSize)
        for index in range {
            batch.append(GeneratedRow(index))
            if batch.count == ImportReader.batchSize {
                guard rows.put(.rows(batch)) else { return }
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty, !rows.put(.rows(batch)) { return }
        _ = rows.put(.finished(lines: range.count))
    }

    /// Binds the values of the generator's insert, in its order.
    func bind(to insert: RowInsert) {
        insert.bind(1, key)
        insert.bind(2, display)
        insert.bind(3, name)
        if let show, let season, let episode {
            insert.bind(4, show)
            insert.bind(5, season)
            insert.bind(6, episode)
        } else {
            for column: Int32 in 4 ... 6 { insert.bindNull(column) }
        }
        insert.bind(7, year)
        insert.bind(8, genre)
        insert.bind(9, duration)
        insert.bind(10, introStart)
        insert.bind(11, introEnd)
        insert.bind(12, creditsStart)
        insert.bind(13, sortKey)
        insert.bind(14, words)
    }
}
