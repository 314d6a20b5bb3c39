import GRDB
import MediaScan

/// Scanned files: what is stored of a folder, and storing what a scan found (`LibraryScan` uses
/// these; each call is one transaction).
///
///     let known = try await database.knownFiles(under: "/media/films")
///     try await database.store([ProbedFile(file: file, facts: .success(facts))], root: "/media/films")
///     try await database.removeMissing(under: "/media/films", keeping: seenPaths)
extension LibraryDatabase {
    /// The files stored for `root`, by path, with the stamps they had when probed.
    package func knownFiles(under root: String) async throws -> [String: FileStamp] {
        try await read { db in
            var known: [String: FileStamp] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT path, size, modified FROM title WHERE source = ? AND path IS NOT NULL
                """, arguments: [root])
            while let row = try rows.next() {
                known[row[0]] = FileStamp(size: row[1] ?? -1, modified: row[2] ?? -1)
            }
            return known
        }
    }

    /// Adds or updates the files, found under `root`, in one transaction.
    package func store(_ files: [ProbedFile], root: String) async throws {
        guard !files.isEmpty else { return }
        try await write { db in try Self.store(files, root: root, in: db) }
    }

    /// `store(_:root:)` for one file.
    package func upsert(file: MediaFile, facts: Result<MediaFacts, MediaProbeError>, root: String) async throws {
        try await store([ProbedFile(file: file, facts: facts)], root: root)
    }

    /// `store(_:root:)` without suspending, for a batch that must be kept though the task is
    /// being cancelled.
    func storeNow(_ files: [ProbedFile], root: String) throws {
        guard !files.isEmpty else { return }
        try writeNow { db in try Self.store(files, root: root, in: db) }
    }

    private static func store(_ files: [ProbedFile], root: String, in db: Database) throws {
        let statement = try db.cachedStatement(sql: ScannedTitle.upsertSQL)
        for probed in files {
            try statement.execute(arguments: ScannedTitle(probed).arguments(file: probed.file, root: root))
        }
    }

    /// Removes the files at `paths` (their watch state is kept, should they come back).
    package func remove(paths: [String]) async throws {
        guard !paths.isEmpty else { return }
        try await write { db in
            let statement = try db.cachedStatement(sql: "DELETE FROM title WHERE path = ?")
            for path in paths { try statement.execute(arguments: [path]) }
        }
    }

    /// Removes the files stored for `root` whose paths are not in `seen`; returns how many.
    @discardableResult
    package func removeMissing(under root: String, keeping seen: Set<String>) async throws -> Int {
        try await write { db in
            let stored = try String.fetchAll(db, sql: "SELECT path FROM title WHERE source = ? AND path IS NOT NULL",
                                             arguments: [root])
            let statement = try db.cachedStatement(sql: "DELETE FROM title WHERE path = ?")
            var removed = 0
            for path in stored where !seen.contains(path) {
                try statement.execute(arguments: [path])
                removed += 1
            }
            return removed
        }
    }

    /// The files under `roots` that could not be probed, with why, by path: the first `limit`
    /// of them, and how many there are in all.
    ///
    ///     let (first, count) = try await database.unreadableFiles(under: ["/media/films"], limit: 20)
    ///     // first: [(path: "/media/films/Broken.mkv", problem: "Invalid data found…")], count: 1
    package func unreadableFiles(
        under roots: [String], limit: Int
    ) async throws -> (first: [(path: String, problem: String)], count: Int) {
        guard !roots.isEmpty else { return ([], 0) }
        return try await read { db in
            let among = "source IN (" + roots.map { _ in "?" }.joined(separator: ", ") + ")"
            let condition = "WHERE \(among) AND path IS NOT NULL AND probe_error IS NOT NULL"
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM title \(condition)",
                                         arguments: StatementArguments(roots)) ?? 0
            let rows = try Row.fetchAll(db, sql: "SELECT path, probe_error FROM title \(condition) ORDER BY path LIMIT ?",
                                        arguments: StatementArguments(roots) + [max(0, limit)])
            return (rows.map { row -> (path: String, problem: String) in (row[0], row[1]) }, count)
        }
    }

    /// Why the title's file could not be probed, or nil when it could (or is not a scanned file).
    package func problem(forTitle id: String) async throws -> String? {
        try await read { db in
            try String.fetchOne(db, sql: "SELECT probe_error FROM title WHERE key = ?", arguments: [id])
        }
    }
}

extension LibraryDatabase {
    /// The video files scanned from `roots` that were read (their path and length), in path
    /// order: the titles whose pictures are made after a scan.
    package func videoFiles(under roots: [String]) async throws -> [(path: String, duration: Double?)] {
        guard !roots.isEmpty else { return [] }
        return try await read { db in
            let among = "source IN (" + roots.map { _ in "?" }.joined(separator: ", ") + ")"
            let rows = try Row.fetchAll(db, sql: """
                SELECT path, duration FROM title WHERE \(among) AND path IS NOT NULL AND probe_error IS NULL AND has_video = 1
                ORDER BY path
                """, arguments: StatementArguments(roots))
            return rows.map { row -> (path: String, duration: Double?) in (row[0], row[1]) }
        }
    }
}
