import Foundation
import GRDB

/// What has been watched, by title id. Kept when a title leaves the library, so a file that
/// comes back (a disk mounted again) resumes where it was.
///
///     try await database.setResumePosition(1312, forTitle: title.id)
///     let resume = try await database.resumePosition(forTitle: title.id)   // 1312
///     try await database.markWatched(title.id)
extension LibraryDatabase {
    package func markWatched(_ id: String, _ watched: Bool = true) async throws {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO watch_state (key, watched, position, updated) VALUES (?, ?, 0, ?)
                ON CONFLICT (key) DO UPDATE SET watched = excluded.watched, updated = excluded.updated
                """, arguments: [id, watched, Self.now()])
        }
    }

    /// Where to resume the title, in seconds; nil when it was never played (or not paused).
    package func resumePosition(forTitle id: String) async throws -> Int? {
        try await watchState(forTitle: id).flatMap { $0.position > 0 ? $0.position : nil }
    }

    /// Sets where to resume; 0 forgets the position.
    package func setResumePosition(_ seconds: Int, forTitle id: String) async throws {
        try await write { db in
            try db.execute(sql: """
                INSERT INTO watch_state (key, watched, position, updated) VALUES (?, 0, ?, ?)
                ON CONFLICT (key) DO UPDATE SET position = excluded.position, updated = excluded.updated
                """, arguments: [id, max(0, seconds), Self.now()])
        }
    }

    package func watchState(forTitle id: String) async throws -> WatchState? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT watched, position, updated FROM watch_state WHERE key = ?",
                             arguments: [id])
                .map { WatchState(watched: $0[0], position: $0[1], updated: $0[2]) }
        }
    }

    package static func now() -> Int64 {
        Int64((Date.now.timeIntervalSince1970 * 1000).rounded())
    }
}
