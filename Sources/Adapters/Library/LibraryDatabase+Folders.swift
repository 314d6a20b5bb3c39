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

    /// The library's folders, in the order they were added.
    package func folders() async throws -> [String] {
        try await read { db in try String.fetchAll(db, sql: "SELECT path FROM folder ORDER BY added, path") }
    }
}
