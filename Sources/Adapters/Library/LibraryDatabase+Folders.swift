import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// The folders the library scans: added by `spindle DIR…` and `spindle scan DIR…`, scanned
/// again at every start of `spindle --library` and at `R`.
///
///     try await database.addFolders(["/media/films"])
///     try await database.folders()     // ["/media/films"]
extension LibraryDatabase {
    /// Adds `paths` (absolute) to the library's folders; those already there stay as they were.
    package func addFolders(_ paths: [String]) async throws {
        guard !paths.isEmpty else { return }
        let now = Int(time(nil))
        try await write { db in
            for path in paths {
                try db.execute(sql: "INSERT OR IGNORE INTO folder (path, added) VALUES (?, ?)", arguments: [path, now])
            }
        }
    }

    /// The library's folders with how many titles each holds, in the order they were added.
    package func folderCounts() async throws -> [(folder: String, titles: Int)] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                SELECT folder.path, (SELECT count(*) FROM title WHERE title.source = folder.path)
                FROM folder ORDER BY folder.added, folder.path
                """).map { ($0[0], $0[1]) }
        }
    }

    /// Removes `path` from the library's folders with its titles; returns how many titles went,
    /// or nil when it is not one of the library's folders. What was watched (`watch_state`) is
    /// kept, by title: a file that comes back (under another folder) is still watched.
    package func removeFolder(_ path: String) async throws -> Int? {
        try await write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM folder WHERE path = ?", arguments: [path]) != nil else { return nil }
            try db.execute(sql: "DELETE FROM title WHERE source = ?", arguments: [path])
            let removed = db.changesCount
            try db.execute(sql: "DELETE FROM folder WHERE path = ?", arguments: [path])
            return removed
        }
    }

    /// The library's folders, in the order they were added.
    package func folders() async throws -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT path FROM folder ORDER BY added, path") }
    }
}

extension LibraryDatabase {
    /// The file and length of the first episode of `show` (of its season `season`, when given)
    /// that has a file: where a show's or a season's art is looked for.
    package func firstEpisode(of show: String, season: Int?) async throws -> (path: String, duration: Double?)? {
        let range = LibraryProvider.episodeRange(of: show, season: season)
        return try await read { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: """
                SELECT path, duration FROM title INDEXED BY title_episodes
                WHERE show IS NOT NULL AND sort_key >= ? AND sort_key < ? AND path IS NOT NULL ORDER BY sort_key LIMIT 1
                """), arguments: [range.start, range.end])
            guard let row, let path: String = row[0] else { return nil }
            let duration: Double? = row[1]
            return (path, duration)
        }
    }
}
