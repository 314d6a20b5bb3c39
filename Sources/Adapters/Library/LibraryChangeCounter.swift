import GRDB

/// Tells whether the library changed (any commit, by this process or another: a scan, an
/// import) since last asked, for caches of what is costly to recompute, such as counts.
///
/// It holds its own read-only connection, which never writes, so SQLite's `PRAGMA data_version`
/// on it changes at every commit of every other connection. Asking costs a few microseconds.
///
///     let changes = try LibraryChangeCounter(database: database)
///     let before = try changes.version()
///     // … a scan stores files …
///     try changes.version() != before   // true
package struct LibraryChangeCounter: Sendable {
    private let queue: DatabaseQueue

    package init(database: LibraryDatabase) throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "library changes"
        // Opened while a scan writes (a server's first scan, a cron scan): wait for the lock
        // rather than fail, or the changes would never be told.
        configuration.busyMode = .timeout(10)
        do {
            queue = try DatabaseQueue(path: database.path, configuration: configuration)
        } catch {
            throw LibraryError.from(error, path: database.path)
                ?? LibraryError.cannotOpen(path: database.path, reason: "\(error)")
        }
    }

    /// A number that differs from the one returned before whenever the library changed since.
    package func version() throws -> Int {
        try LibraryError.mapping(path: queue.path) {
            try queue.inDatabase { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }
}
