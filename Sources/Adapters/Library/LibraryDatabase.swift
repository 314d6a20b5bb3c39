import Foundation
import GRDB

/// The library file, `library.sqlite`: scanned media files and imported catalogs, their search
/// index and what has been watched (see `docs/library-database.md`).
///
/// Opening creates the file and its tables when needed. A damaged file is moved aside, never
/// deleted, and a new library is created in its place; `recovery` then says so. The database is
/// in WAL mode, so lists can be read while a scan writes. A file it creates is private (0600),
/// and so are its `-wal` and `-shm` files, which SQLite makes with the database file's mode: the
/// library holds every media path and what was watched.
///
///     let database = try LibraryDatabase(path: home + "/library.sqlite")
///     if let recovery = database.recovery { print(recovery) }
///     let provider = LibraryProvider(database: database)
package struct LibraryDatabase: Sendable {
    /// The file, as given.
    package let path: String
    /// Set when the file was damaged and has been replaced by a new, empty library.
    package let recovery: LibraryRecovery?
    let pool: DatabasePool
    /// How recent searches' pages were found (`LibraryProvider.rows`).
    let searchPlans = SearchPlans()

    /// Opens (or creates) the library at `path`.
    ///
    /// - Parameter busyTimeout: how long to wait for another process that holds the database
    ///   (a scan in another spindle) before failing with `LibraryError.busy`.
    /// - Throws: `LibraryError`.
    package init(path: String, busyTimeout: Duration = .seconds(5)) throws(LibraryError) {
        self.path = path
        do {
            pool = try Self.openChecked(path: path, busyTimeout: busyTimeout)
            recovery = nil
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            let movedTo = try Self.moveAside(path)
            recovery = LibraryRecovery(movedTo: movedTo, reason: error.message ?? "\(error.resultCode)")
            do {
                pool = try Self.openChecked(path: path, busyTimeout: busyTimeout)
            } catch {
                throw LibraryError.from(error, path: path) ?? .cannotOpen(path: path, reason: "\(error)")
            }
        } catch {
            throw LibraryError.from(error, path: path) ?? .cannotOpen(path: path, reason: "\(error)")
        }
    }

    /// Opens the pool, brings the schema up to date and reads a little of every table, which is
    /// where SQLite notices a file that is not a database or was cut short.
    private static func openChecked(path: String, busyTimeout: Duration) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(Double(busyTimeout.components.seconds)
            + Double(busyTimeout.components.attoseconds) / 1e18)
        configuration.label = "library"
        if createPrivately(path) {
            // Set before GRDB turns the WAL on, which fixes the page size of a new file.
            configuration.prepareDatabase { db in
                if !db.configuration.readonly { try db.execute(sql: "PRAGMA page_size = \(pageSize)") }
            }
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try LibrarySchema.migrator.migrate(pool)
        try pool.read { db in
            _ = try Row.fetchOne(db, sql: "SELECT * FROM title ORDER BY sort_key, id LIMIT 1")
            _ = try Row.fetchOne(db, sql: "SELECT * FROM title ORDER BY id DESC LIMIT 1")
            _ = try Row.fetchOne(db, sql: "SELECT * FROM watch_state LIMIT 1")
            _ = try Row.fetchOne(db, sql: "SELECT * FROM imported_catalog LIMIT 1")
        }
        return pool
    }

    /// The page size of a new library: 16 KiB, not SQLite's 4. A bulk load reads the table back
    /// once per index it builds, a page per `pread`: a million titles' load in the sqlite3 shell
    /// took 14.4 s and 14.0 s of CPU at 16 KiB against 16.4–17.3 s and 16.0–16.8 s at 4 KiB
    /// (8 KiB: 15.2 s; 32 and 64 KiB: 13.7–13.8 s, but a row or index entry looked up then reads
    /// that much). A file made before keeps its size (changing it takes a `VACUUM`).
    static let pageSize = 16_384

    /// Makes the file empty with mode 0600 when there is none (SQLite reads an empty file as an
    /// empty database), before SQLite would make it with the umask's mode; an existing file is
    /// left as it is. True when the file holds no database yet (new, or left empty).
    private static func createPrivately(_ path: String) -> Bool {
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0
    }

    /// Renames the damaged file (and its WAL and shared-memory files) to
    /// `library.sqlite.corrupt-<UTC time>`.
    private static func moveAside(_ path: String) throws(LibraryError) -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let stamp = String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                           parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
        var target = path + ".corrupt-" + stamp
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = path + ".corrupt-" + stamp + "-\(attempt)"
        }
        guard rename(path, target) == 0 else {
            throw .cannotOpen(path: path, reason: "it is damaged and could not be moved aside (\(String(cString: strerror(errno))))")
        }
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            _ = rename(path + suffix, target + suffix)
        }
        return target
    }

    /// Lets go of what searches' first pages kept for their next ones (`SearchPlans`), so that
    /// a benchmark's first pages cost what a new search's does.
    package func forgetSearchPlans() {
        searchPlans.forget()
    }

    /// Reads with the library's errors.
    func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await LibraryError.mapping(path: path) { try await pool.read(body) }
    }

    /// Writes in one transaction, with the library's errors.
    func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        try await LibraryError.mapping(path: path) { try await pool.write(body) }
    }

    /// Writes in one transaction without suspending (for what must be stored even when the
    /// task is cancelled).
    func writeNow<T>(_ body: (Database) throws -> T) throws -> T {
        try LibraryError.mapping(path: path) { try pool.write(body) }
    }

    /// The page cache of a bulk write: 64 MiB (`BulkTitles` takes less while it can).
    static let bulkWriteCache = "PRAGMA cache_size = -65536"

    /// Writes in one transaction with a larger page cache (64 MiB, then back to the default),
    /// for bulk writes into the indexes (imports, generation). When no other connection has the
    /// library open, through a rollback journal (`rollbackJournal`): the new pages go once into
    /// the file, not into the WAL, to be read back from it by every index build and copied into
    /// the file after (a million imported lines: 7.2–7.4 s, with 16 KiB pages). Ends with a
    /// truncating checkpoint, so that a process killed after a bulk write leaves no WAL of
    /// hundreds of MiB for the next open to read back before its first page (300,000 titles
    /// written through the WAL left 172 MiB of it). A reader still open makes the checkpoint stop
    /// short: the WAL is then emptied by a later one.
    ///
    /// Meanwhile SQLite's `secure_delete` is `FAST`, then as it was (Debian's SQLite has it on):
    /// the pages a load frees (a catalog imported again deletes all its titles and drops the
    /// indexes) are not overwritten with zeros, each journalled and written for it, before the
    /// load writes them again. A million lines imported again took 5.4–5.9 s so against
    /// 6.1–6.4 s, three pairs by turns. What the freed pages held (a catalog's own titles)
    /// stays in them until they are used again, most often by the same load.
    func bulkWrite<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        // Only the writer may be open for the journal to change.
        pool.invalidateReadOnlyConnections()
        return try await LibraryError.mapping(path: path) {
            try await pool.writeWithoutTransaction { db in
                let rollback = Self.rollbackJournal(db)
                defer {
                    if rollback { Self.walAgain(db) }
                    _ = try? db.checkpoint(.truncate)
                }
                try db.execute(sql: Self.bulkWriteCache)
                defer { try? db.execute(sql: "PRAGMA cache_size = -2000") }
                let secureDelete = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
                try db.execute(sql: "PRAGMA secure_delete = FAST")
                defer { try? db.execute(sql: "PRAGMA secure_delete = \(secureDelete)") }
                var result: T?
                try db.inTransaction {
                    result = try body(db)
                    return .commit
                }
                return result!
            }
        }
    }

    /// Switches the library from its WAL to a rollback journal, if no other connection has it
    /// open (SQLite refuses at once otherwise); true when it did.
    static func rollbackJournal(_ db: Database) -> Bool {
        (try? String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")) == "delete"
    }

    /// Back to the WAL after `rollbackJournal`, with a WAL file, as GRDB leaves it when it opens
    /// the pool: its readers are read-only connections, which cannot make one. (Should another
    /// process have opened the library meanwhile, or this one end first, as Ctrl+C during an
    /// import ends it, the file keeps the journal until the next open turns the WAL on.)
    static func walAgain(_ db: Database) {
        guard (try? String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")) == "wal",
              let version = try? Int.fetchOne(db, sql: "PRAGMA user_version") else { return }
        // Written again as it is: one page into the WAL, which the checkpoint after empties.
        try? db.execute(sql: "PRAGMA user_version = \(version)")
    }

    /// Copies the WAL into the database file and closes the database; later calls fail.
    package func close() throws {
        try LibraryError.mapping(path: path) {
            // GRDB's readers are read-only and cannot checkpoint when they close last.
            _ = try pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            try pool.close()
        }
    }
}
