import GRDB
import GRDBSQLite
import ProcessControl
import Synchronization

/// The search index of titles loaded in bulk into an empty `title`, built on a thread of its own
/// while the writer inserts the rows and makes the other indexes, then copied into the
/// library's search index whole (`copy(into:)`).
///
/// The index is built in a private temporary database (SQLite's, named "": unlinked once
/// opened, so even a kill leaves nothing), by the library's own statement, over a `title` of
/// ids and words: FTS5 keeps its index in two tables (`_data`, `_idx`) whose rows say nothing
/// of the database they are in, so they are copied as they are. A million titles' search index
/// took about 4.6 s on the writer's thread after the other indexes; built alongside, its copy
/// takes about 0.1 s (docs/library-database.md).
///
/// The copy may only go into an empty search index that this connection has not read since it
/// was emptied (`'delete-all'`, which also makes FTS5 forget what it had cached of it): see
/// `BulkTitles.buildSearchAlongside`.
///
///     let build = SearchIndexBuild(definition: sql)   // the library's `CREATE VIRTUAL TABLE`
///     _ = build.add(entries)                           // as the rows go in, in id order
///     build.allAdded()                                 // it builds; the writer goes on
///     if build.finish() { try build.copy(into: db) }   // else the writer builds it itself
final class SearchIndexBuild: Sendable {
    /// A title as the search index takes it.
    struct Entry: Sendable {
        var id: Int64
        var words: String
    }

    /// What the building thread shares with the writer's.
    private final class Shared: Sendable {
        let entries = ImportRows<Entry>()
        let done = ThreadSemaphore(0)
        /// The built database, or why there is none; set by the building thread before `done`.
        let outcome = Mutex<Outcome>(.building)
        /// The building database while it is open, for `interrupt`.
        let building = Mutex<Connection?>(nil)

        /// Stops the statement the building thread is running, if any.
        func interrupt() {
            building.withLock { if let connection = $0 { sqlite3_interrupt(connection.pointer) } }
        }

        /// Closes a connection the building thread opened, once `interrupt` can no longer reach it.
        func close(_ connection: OpaquePointer?) {
            building.withLock { $0 = nil }
            sqlite3_close_v2(connection)
        }
    }

    /// A connection handed between threads, one at a time.
    private struct Connection: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let shared = Shared()
    private var entries: ImportRows<Entry> { shared.entries }
    /// Whether the last item was handed over, whether the build stopped taking entries, and
    /// whether its thread's end was waited for.
    private let ends = Mutex((isHanded: false, isStopped: false, isWaited: false))

    private enum Outcome: @unchecked Sendable {
        case building
        case built(OpaquePointer)
        case failed(String)
    }

    /// How much FTS5 gathers in memory before it writes a segment out (its `hashsize`; 1 MiB
    /// unless told), in the build's database only: the copy takes the index's two tables, not
    /// its configuration. A million titles' fill took 1.5 s at 4 MiB against 2.1 s (sqlite3
    /// shell; 8 MiB: 1.4 s, 16 MiB: 1.1 s, 32 MiB: 1.0 s at a peak of 47 MB), in fewer
    /// segments, searched as fast; the import no longer waits for it after its other indexes
    /// (0.9 s before), and was as fast at 4 MiB as at 8, peaking at 71–76 MiB instead of 80–83.
    static let hashSize = 4 << 20

    /// Starts building an index made by `definition`, the library's `CREATE VIRTUAL TABLE`, in a
    /// database of at most `pageLimit` pages (16 KiB) if it is not 0: a full one, for tests.
    init(definition: String, pageLimit: Int = 0) {
        let shared = shared
        startDetachedThread {
            let built = Self.build(definition, pageLimit: pageLimit, in: shared)
            shared.outcome.withLock { $0 = built }
            shared.done.signal()
        }
    }

    deinit {
        // A build neither finished nor abandoned (its load failed) ends here.
        abandon()
        if case .built(let connection) = shared.outcome.withLock({ $0 }) { sqlite3_close_v2(connection) }
    }

    /// Hands titles over, in id order, each id above the last; false once the build has failed
    /// (then nothing more need be handed over).
    func add(_ batch: [Entry]) -> Bool {
        guard !ends.withLock({ $0.isHanded || $0.isStopped }) else { return false }
        if entries.put(.rows(batch)) { return true }
        ends.withLock { $0.isStopped = true }
        return false
    }

    /// Tells the build that every title has been handed over: it then builds the index, while
    /// the writer goes on (with the other indexes).
    func allAdded() {
        hand(.finished(lines: 0))
    }

    /// Waits for the build to end: true when it built every title handed over.
    func finish() -> Bool {
        allAdded()
        waitForEnd()
        if case .built = shared.outcome.withLock({ $0 }) { return true }
        return false
    }

    /// Stops the build, when the load it builds for failed (its statement interrupted, if it
    /// was building), and waits for its thread to end.
    func abandon() {
        hand(.failed(CancellationError()))
        shared.interrupt()
        waitForEnd()
    }

    /// Why the build failed, for the log; nil if it did not.
    var failure: String? {
        if case .failed(let why) = shared.outcome.withLock({ $0 }) { return why }
        return nil
    }

    /// Hands `item` over as the last, once, unless the build stopped taking entries (it may
    /// have no place left for one).
    private func hand(_ item: ImportRows<Entry>.Item) {
        let (wasHanded, isStopped) = ends.withLock { ends in
            defer { ends.isHanded = true }
            return (ends.isHanded, ends.isStopped)
        }
        guard !wasHanded else { return }
        if !isStopped { _ = entries.put(item) }
        entries.end()
    }

    /// Waits, once, for the building thread's end.
    private func waitForEnd() {
        let waits = ends.withLock { ends in
            defer { ends.isWaited = true }
            return !ends.isWaited
        }
        if waits { shared.done.wait() }
    }

    /// Copies the built index's tables into the library's search index, which must be empty
    /// (see the type's description); on the writer's thread, inside its transaction.
    func copy(into db: Database) throws {
        guard case .built(let source) = shared.outcome.withLock({ $0 }), let target = db.sqliteConnection else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "no search index was built")
        }
        try Self.copy("SELECT id, block FROM title_search_data",
                      into: "INSERT OR REPLACE INTO title_search_data (id, block) VALUES (?, ?)", columns: 2, from: source, to: target)
        try Self.copy("SELECT segid, term, pgno FROM title_search_idx",
                      into: "INSERT INTO title_search_idx (segid, term, pgno) VALUES (?, ?, ?)", columns: 3, from: source, to: target)
    }

    private static func copy(_ select: String, into sql: String, columns: Int32, from source: OpaquePointer, to target: OpaquePointer) throws {
        var reading: OpaquePointer?
        defer { sqlite3_finalize(reading) }
        guard sqlite3_prepare_v2(source, select, -1, &reading, nil) == SQLITE_OK else { throw RowInsert.error(source, sql: select) }
        let insert = try RowInsert(connection: target, sql: sql)
        while true {
            let step = sqlite3_step(reading)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw RowInsert.error(source, sql: select) }
            for column in 0 ..< columns {
                insert.bind(column + 1, value: sqlite3_column_value(reading, column))
            }
            try insert.run()
        }
    }

    /// The building thread. The entries go into a table of their own as they come (a row
    /// appended costs little beside the writer's, which has the other core); once the last has
    /// come, one statement gives them all to FTS5, while the writer makes the other indexes.
    /// (Inserted one statement each, FTS5 writes out what it holds at every statement: a
    /// million titles took twice its CPU, the writer's rows three times their time.) A failure
    /// (the temporary folder full) stops taking entries; the writer then fills the search index
    /// itself.
    private static func build(_ definition: String, pageLimit: Int, in shared: Shared) -> Outcome {
        let entries = shared.entries
        var connection: OpaquePointer?
        func fail() -> Outcome {
            let why = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open a temporary database"
            // Closed once its statements are (`sqlite3_close_v2`).
            shared.close(connection)
            // The writer is told at its next hand-over, and ends the build.
            entries.stopAndWait()
            return .failed(why)
        }
        guard sqlite3_open_v2("", &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db = connection
        else { return fail() }
        shared.building.withLock { $0 = Connection(pointer: db) }
        // A scratch database: the library's page size, no journal, no fsync; 2 MiB of pages, the
        // rest in the file. The search table's content is a `title` of the two columns it reads.
        guard sqlite3_exec(db, """
                  PRAGMA page_size = \(LibraryDatabase.pageSize);
                  PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -2048;
                  \(pageLimit > 0 ? "PRAGMA max_page_count = \(pageLimit);" : "")
                  CREATE TABLE title (id INTEGER PRIMARY KEY, words TEXT NOT NULL);
                  \(definition); INSERT INTO title_search(title_search, rank) VALUES ('hashsize', \(hashSize)); BEGIN;
                  """, nil, nil, nil) == SQLITE_OK,
              let insert = try? RowInsert(connection: db, sql: "INSERT INTO title (id, words) VALUES (?, ?)")
        else { return fail() }
        while true {
            switch entries.take() {
            case .rows(let batch):
                for entry in batch {
                    insert.bind(1, entry.id)
                    insert.bind(2, entry.words)
                    guard (try? insert.run()) != nil else { return fail() }
                }
            case .finished:
                guard sqlite3_exec(db, "INSERT INTO title_search (rowid, words) SELECT id, words FROM title; COMMIT",
                                   nil, nil, nil) == SQLITE_OK
                else { return fail() }
                shared.building.withLock { $0 = nil }
                return .built(db)
            case .failed:
                shared.close(db)
                return .failed("abandoned")
            }
        }
    }
}
