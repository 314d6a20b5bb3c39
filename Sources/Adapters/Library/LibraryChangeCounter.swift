import GRDBSQLite
import Synchronization

/// Tells whether the library changed (any commit, by this process or another: a scan, an
/// import) since last asked, for caches of what is costly to recompute, such as counts.
///
/// It holds its own read-only connection, which never writes, so SQLite's `PRAGMA data_version`
/// on it changes at every commit of every other connection. A server asks at every page, so
/// the connection is SQLite's own under a mutex, with its one statement prepared once: about a
/// microsecond a question, where a GRDB queue's dispatch took 7 % of a kept page's cost.
///
///     let changes = try LibraryChangeCounter(database: database)
///     let before = try changes.version()
///     // … a scan stores files …
///     try changes.version() != before   // true
package struct LibraryChangeCounter: Sendable {
    private let connection: Connection

    package init(database: LibraryDatabase) throws {
        connection = try Connection(path: database.path)
    }

    /// A number that differs from the one returned before whenever the library changed since.
    package func version() throws -> Int {
        try connection.dataVersion()
    }

    /// The connection and its statement; closed when the last counter sharing it goes.
    private final class Connection: Sendable {
        private struct Handles: @unchecked Sendable {
            let database: OpaquePointer
            let statement: OpaquePointer
        }

        private let path: String
        private let handles: Mutex<Handles>

        init(path: String) throws {
            self.path = path
            var database: OpaquePointer?
            // Opened while a scan writes (a server's first scan, a cron scan): wait for the lock
            // rather than fail, or the changes would never be told.
            let opened = sqlite3_open_v2(path, &database, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
            guard opened == SQLITE_OK, let database else {
                let reason = database.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
                sqlite3_close_v2(database)
                throw LibraryError.cannotOpen(path: path, reason: reason)
            }
            sqlite3_busy_timeout(database, 10_000)
            var statement: OpaquePointer?
            guard sqlite3_prepare_v2(database, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK, let statement else {
                let reason = String(cString: sqlite3_errmsg(database))
                sqlite3_close_v2(database)
                throw Self.error(path: path, code: SQLITE_CANTOPEN, reason: reason)
            }
            handles = Mutex(Handles(database: database, statement: statement))
        }

        deinit {
            handles.withLock { handles in
                sqlite3_finalize(handles.statement)
                sqlite3_close_v2(handles.database)
            }
        }

        func dataVersion() throws -> Int {
            try handles.withLock { handles throws(LibraryError) -> Int in
                defer { sqlite3_reset(handles.statement) }
                let stepped = sqlite3_step(handles.statement)
                guard stepped == SQLITE_ROW else {
                    throw Self.error(path: path, code: stepped, reason: String(cString: sqlite3_errmsg(handles.database)))
                }
                return Int(sqlite3_column_int64(handles.statement, 0))
            }
        }

        /// SQLite's result `code` as the library's error, as `LibraryError.from` maps GRDB's.
        private static func error(path: String, code: Int32, reason: String) -> LibraryError {
            switch code & 0xFF {
            case SQLITE_BUSY, SQLITE_LOCKED: .busy(path: path)
            case SQLITE_CORRUPT, SQLITE_NOTADB: .damaged(path: path, reason: reason)
            case SQLITE_CANTOPEN: .cannotOpen(path: path, reason: reason)
            default: .database(reason)
            }
        }
    }
}
