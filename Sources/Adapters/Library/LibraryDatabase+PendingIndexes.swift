import GRDB

/// The indexes a catalog's bulk load left to build after its commit (`pending_index`,
/// `LibrarySchema.deferredIndexes`), so that its list is shown before them: the views that
/// read them scan the titles meanwhile (`LibraryProvider+Order`).
extension LibraryDatabase {
    /// Builds the pending indexes, each in a transaction of its own that also takes it off the
    /// list, through the WAL (readers go on reading), then empties the WAL. A process that ends
    /// meanwhile (cancelled, killed) rolls its index back and leaves it pending for the next.
    /// Returns how many it built.
    @discardableResult
    package func buildPendingIndexes() async throws -> Int {
        let pending = try await read { db in
            try Row.fetchAll(db, sql: "SELECT name FROM pending_index ORDER BY name").map { $0[0] as String }
        }
        var built = 0
        for name in pending {
            try Task.checkCancellation()
            let made = try await LibraryError.mapping(path: path) {
                try await pool.writeWithoutTransaction { db in
                    // In SQLite's default page cache of 2 MiB, which bounds the sort's memory
                    // too: the bulk load's 8 MiB took a million titles' three builds to a
                    // peak of 86–93 MiB instead of 59, and were no faster.
                    var made = false
                    try db.inTransaction {
                        made = try Self.buildPending(name, in: db)
                        return .commit
                    }
                    // The index went through the WAL: into the file with it.
                    if made { _ = try? db.checkpoint(.truncate) }
                    return made
                }
            }
            if made { built += 1 }
        }
        return built
    }

    /// Makes the pending index `name` unless another process has meanwhile (or it is there),
    /// and takes it off the list; true when it made it. Only an index's statement is run.
    private static func buildPending(_ name: String, in db: Database) throws -> Bool {
        guard let sql = try String.fetchOne(db, sql: "SELECT sql FROM pending_index WHERE name = ?", arguments: [name]) else {
            return false
        }
        try db.execute(sql: "DELETE FROM pending_index WHERE name = ?", arguments: [name])
        guard try !hasIndex(name, in: db), sql.hasPrefix("CREATE INDEX \(name) ON title") else { return false }
        try db.execute(sql: sql)
        return true
    }

    /// Whether the index `name` is there, as the transaction `db` is in sees the schema.
    static func hasIndex(_ name: String, in db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?)"),
                          arguments: [name]) ?? false
    }
}
