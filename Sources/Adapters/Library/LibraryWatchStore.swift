import Catalog
import GRDB

/// The library's `watch_state` table as the app's `WatchStore`: kept per title id, when the
/// title leaves the library too (a disk mounted again resumes where it was).
///
///     let store = LibraryWatchStore(database: database)
///     try await store.save(["/media/Film.mkv": WatchMark(position: 600)])
package struct LibraryWatchStore: WatchStore {
    let database: LibraryDatabase

    package init(database: LibraryDatabase) {
        self.database = database
    }

    package func allMarks() async throws -> [String: WatchMark] {
        try await database.read { db in
            var marks: [String: WatchMark] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, position, watched FROM watch_state WHERE position > 0 OR watched") {
                marks[row[0]] = WatchMark(position: row[1], watched: row[2])
            }
            return marks
        }
    }

    package func save(_ marks: [String: WatchMark]) async throws {
        guard !marks.isEmpty else { return }
        let now = LibraryDatabase.now()
        try await database.write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO watch_state (key, watched, position, updated) VALUES (?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET watched = excluded.watched, position = excluded.position,
                    updated = excluded.updated
                """)
            for (id, mark) in marks {
                try statement.execute(arguments: [id, mark.watched, mark.position, now])
            }
        }
    }
}
