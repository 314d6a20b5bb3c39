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
    /// The dropped indexes, each with the statement that makes it again.
    let indexes: [(name: String, sql: String)]
    /// The statement that makes the search trigger again, if there was one.
    let searchTrigger: String?
    /// The statement that makes the search's delete trigger again, when `deleteRows` took it
    /// away and emptied the search index: `finish` then gives the search index every title.
    private(set) var deleteTrigger: String?
    /// The search index built alongside the rows, when they go into an empty `title`
    /// (`buildSearchAlongside`).
    private(set) var search: SearchIndexBuild?

    init(_ db: Database) throws {
        self.db = db
        let found = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'title' AND sql IS NOT NULL ORDER BY name
            """)
        for index in found {
            let name: String = index[0]
            try db.execute(sql: "DROP INDEX \(name)")
        }
        indexes = found.map { ($0[0], $0[1]) }
        searchTrigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'title_search_insert'")
        if searchTrigger != nil { try db.execute(sql: "DROP TRIGGER title_search_insert") }
        try Self.limitCache(db)
    }

    /// The page cache while the rows go in: 16 MiB.
    static func limitCache(_ db: Database) throws {
        try db.execute(sql: "PRAGMA cache_size = -16384")
    }

    /// Deletes the rows `condition` selects, `count` of the library's `total` (the previous
    /// import's titles). Deleted one by one, each title leaves the search index a deletion to
    /// record (6.4 s for a million, with the system's SQLite): when they are at least half of
    /// the library, the search index is emptied instead, and `finish` gives it every title (4.6 s
    /// for a million). When they are all of it, the table is emptied whole: without a condition
    /// or a delete trigger, SQLite frees its pages as they are, deleting no row (0.6 s).
    mutating func deleteRows(where condition: String, arguments: StatementArguments, count: Int, total: Int) throws {
        guard searchTrigger != nil, count > 0, count * 2 >= total,
              let trigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'title_search_delete'")
        else {
            try db.execute(sql: "DELETE FROM title WHERE \(condition)", arguments: arguments)
            return
        }
        try db.execute(sql: "DROP TRIGGER title_search_delete")
        deleteTrigger = trigger
        try db.execute(sql: "INSERT INTO title_search(title_search) VALUES ('delete-all')")
        if count == total {
            try db.execute(sql: "DELETE FROM title")
        } else {
            try db.execute(sql: "DELETE FROM title WHERE \(condition)", arguments: arguments)
        }
    }

    /// When `title` is empty (a new library, or a catalog's own after `deleteRows` took every
    /// title), starts building the search index on a thread of its own (`SearchIndexBuild`): the
    /// rows inserted from now on are handed to it (`add`), and `finish` copies what it built.
    ///
    /// The library's search index is emptied first (`'delete-all'`): the copy needs it empty,
    /// and FTS5 then forgets what it had cached of it on this connection (its list of segments),
    /// which would otherwise outlive the copy. Nothing reads it on this connection until then.
    ///
    /// `pageLimit`, if not 0, bounds the build's database (for tests: a full one).
    mutating func buildSearchAlongside(pageLimit: Int = 0) throws {
        guard searchTrigger != nil, search == nil,
              try Bool.fetchOne(db, sql: "SELECT NOT EXISTS (SELECT 1 FROM title)") == true,
              let definition = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'title_search'")
        else { return }
        try db.execute(sql: "INSERT INTO title_search(title_search) VALUES ('delete-all')")
        search = SearchIndexBuild(definition: definition, pageLimit: pageLimit)
    }

    /// Hands rows just inserted to the search index built alongside, if there is one; once it
    /// has failed, `finish` fills the search index itself.
    func add(_ entries: [SearchIndexBuild.Entry]) {
        _ = search?.add(entries)
    }

    /// Makes the indexes again, and adds the rows `condition` selects (the new ones; every
    /// title after `deleteRows` emptied the search index) to the search index, then the
    /// triggers; tells `progress` before each step. The indexes `deferring` names are not made
    /// but written into `pending_index`, for `LibraryDatabase.buildPendingIndexes` to make
    /// after the commit.
    ///
    /// The rows go to the search index in the order of their ids, as FTS5 wants them: given an
    /// id lower than the one before, it writes out what it holds, and a million titles read in
    /// the list's order (the order index covers `id` and `words`, and SQLite would rather read
    /// it than the table) took 20 s instead of 4.6.
    ///
    /// While the indexes are built, SQLite's sorter may use one thread more (`PRAGMA threads`,
    /// where there is a second core) and half the page cache: four of the builds (by year, by
    /// length, by genre, the list's order) took 3.9–4.4 s instead of 5.5–6.1 on a million titles
    /// in the sqlite3 shell, peaking at 30 MB instead of 38 (with the whole cache and the
    /// thread: 70).
    func finish(searchingRows condition: String, arguments: StatementArguments, deferring: Set<String> = [],
                progress: ImportProgressReport? = nil) throws {
        // The search index built alongside takes its last titles, and builds while the indexes are.
        search?.allAdded()
        // The sorter's thread only when the other core has nothing else to do.
        if search == nil, sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 { try db.execute(sql: "PRAGMA threads = 1") }
        try db.execute(sql: "PRAGMA cache_size = -8192")
        defer { try? db.execute(sql: "PRAGMA threads = 0") }
        let deferred = indexes.filter { deferring.contains($0.name) }
        for index in deferred {
            try db.execute(sql: "INSERT OR REPLACE INTO pending_index (name, sql) VALUES (?, ?)", arguments: [index.name, index.sql])
        }
        let built = indexes.filter { !deferring.contains($0.name) }
        for (number, index) in built.enumerated() {
            progress?(.indexing(index: number + 1, count: built.count))
            try db.execute(sql: index.sql)
        }
        guard let searchTrigger else { return }
        progress?(.searchIndex(alongside: search != nil))
        if let search, search.finish() {
            try search.copy(into: db)
        } else if search != nil || deleteTrigger != nil {
            // Every title is new to the search index.
            try db.execute(sql: "INSERT INTO title_search(rowid, words) SELECT id, words FROM title NOT INDEXED ORDER BY id")
        } else {
            try db.execute(sql: "INSERT INTO title_search(rowid, words) SELECT id, words FROM title WHERE \(condition) ORDER BY id",
                           arguments: arguments)
        }
        try db.execute(sql: searchTrigger)
        if let deleteTrigger { try db.execute(sql: deleteTrigger) }
    }
}
