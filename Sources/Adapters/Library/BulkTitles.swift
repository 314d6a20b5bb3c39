import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// Many titles inserted at once, inside a write transaction, without the title's secondary
/// indexes and without the trigger that adds each title to the search index: `init` drops them,
/// `finish` makes each index again from its own statement (one sorted pass), adds the new rows
/// to the search index in one statement and makes the trigger again. The unique `key` stays, so
/// a duplicate id is still caught as it comes; a transaction rolled back gives everything back.
///
///     let bulk = try BulkTitles(db)
///     for row in rows { try insert.execute(arguments: row) }
///     try bulk.finish(searchingRows: "source = ?", arguments: [source])
///
/// Without the indexes the rows go in at the table's end, which a small page cache serves as
/// well as a large one, and the sort of an index build keeps as much in memory as the cache may
/// hold: the cache is 16 MiB meanwhile (an import of 1,000,000 lines peaks at 62 MiB; at the bulk
/// write's 64 MiB, 160). 100,000 lines are imported in 3.0 s so, 11.9 s row by row.
struct BulkTitles {
    let db: Database
    /// The statements that make the dropped indexes again.
    let indexes: [String]
    /// The statement that makes the search trigger again, if there was one.
    let searchTrigger: String?

    init(_ db: Database) throws {
        self.db = db
        let found = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'title' AND sql IS NOT NULL ORDER BY name
            """)
        for index in found {
            let name: String = index[0]
            try db.execute(sql: "DROP INDEX \(name)")
        }
        indexes = found.map { $0[1] }
        searchTrigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'title_search_insert'")
        if searchTrigger != nil { try db.execute(sql: "DROP TRIGGER title_search_insert") }
        try db.execute(sql: "PRAGMA cache_size = -16384")
    }

    /// Makes the indexes again, and adds the rows `condition` selects (the new ones) to the
    /// search index, then the trigger; tells `progress` before each step.
    ///
    /// While the indexes are built, SQLite's sorter may use one thread more (`PRAGMA threads`,
    /// where there is a second core) and half the page cache: four of the builds (by year, by
    /// length, by genre, the list's order) took 3.9–4.4 s instead of 5.5–6.1 on a million titles
    /// in the sqlite3 shell, peaking at 30 MB instead of 38 (with the whole cache and the
    /// thread: 70).
    func finish(searchingRows condition: String, arguments: StatementArguments, progress: ImportProgressReport? = nil) throws {
        if sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 { try db.execute(sql: "PRAGMA threads = 1") }
        try db.execute(sql: "PRAGMA cache_size = -8192")
        defer { try? db.execute(sql: "PRAGMA threads = 0") }
        for (number, index) in indexes.enumerated() {
            progress?(.indexing(index: number + 1, count: indexes.count))
            try db.execute(sql: index)
        }
        guard let searchTrigger else { return }
        progress?(.searchIndex)
        try db.execute(sql: "INSERT INTO title_search(rowid, words) SELECT id, words FROM title WHERE \(condition)", arguments: arguments)
        try db.execute(sql: searchTrigger)
    }
}
