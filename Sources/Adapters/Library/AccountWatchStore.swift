import Catalog
import GRDB

/// What one account of a `spindle serve` watched (`account_watch_state`): the marks its clients
/// send, read back by any of them, so progress made on one client shows on another. Kept by
/// title key, so a title found again after a rescan keeps its marks.
///
///     let store = AccountWatchStore(database: database, account: "9f86d081…")
///     try await store.save(["/media/Film.mkv": WatchMark(position: 600)])
package struct AccountWatchStore: WatchStore {
    let database: LibraryDatabase
    let account: String

    package init(database: LibraryDatabase, account: String) {
        self.database = database
        self.account = account
    }

    package func allMarks() async throws -> [String: WatchMark] {
        let account = account
        return try await database.read { db in
            var marks: [String: WatchMark] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: """
                SELECT key, position, watched FROM account_watch_state WHERE account = ? AND (position > 0 OR watched)
                """), arguments: [account]) {
                marks[row[0]] = WatchMark(position: row[1], watched: row[2])
            }
            return marks
        }
    }

    /// Moves the marks kept under `old` (an account named another way) to this account, those
    /// this account has not kept itself; returns how many moved.
    @discardableResult
    package func adopt(_ old: String) async throws -> Int {
        guard old != account else { return 0 }
        let account = account
        return try await database.write { db in
            try db.execute(sql: """
                INSERT OR IGNORE INTO account_watch_state (account, key, watched, position, updated)
                    SELECT ?, key, watched, position, updated FROM account_watch_state WHERE account = ?
                """, arguments: [account, old])
            let moved = db.changesCount
            try db.execute(sql: "DELETE FROM account_watch_state WHERE account = ?", arguments: [old])
            return moved
        }
    }

    /// Writes the marks; a mark with no position and not watched forgets the title's.
    package func save(_ marks: [String: WatchMark]) async throws {
        guard !marks.isEmpty else { return }
        let (account, now) = (account, LibraryDatabase.now())
        try await database.write { db in
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO account_watch_state (account, key, watched, position, updated) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account, key) DO UPDATE SET watched = excluded.watched, position = excluded.position,
                    updated = excluded.updated
                """)
            let forget = try db.cachedStatement(sql: "DELETE FROM account_watch_state WHERE account = ? AND key = ?")
            for (key, mark) in marks {
                if mark.position == 0 && !mark.watched {
                    try forget.execute(arguments: [account, key])
                } else {
                    try upsert.execute(arguments: [account, key, mark.watched, mark.position, now])
                }
            }
        }
    }
}
