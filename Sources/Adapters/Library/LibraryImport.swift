import Catalog
import CatalogFile
import Foundation
import GRDB

/// Imports catalog files (JSON Lines, `docs/catalog-format.md`) into the library, once: a file
/// whose size and modification time are those of its last import is not read again, so a
/// second start with a catalog of a million titles costs a look-up.
///
/// The file is streamed in chunks of `chunkSize` bytes (memory does not grow with the file) and
/// checked by the same rules as `JSONLinesCatalog`, failing with the same `FILE:LINE: …`
/// messages. The whole import is one transaction: a bad line, a full disk or a cancelled task
/// leaves the previous import of the file as it was. The titles keep the file's order and ids.
/// A big file goes in without the indexes, which are built after it (`bulkBytes`). The file is
/// read and parsed on a thread of its own while the rows before are inserted (`ImportReader`).
///
///     switch try await LibraryImport.importCatalog(path: "films.jsonl", into: database) {
///     case .imported(let titles, _): print("imported \(titles) titles")
///     case .unchanged: break
///     }
package enum LibraryImport {
    /// How much of the file is read at a time.
    package static let chunkSize = 1 << 20

    /// From this size of file on (about 55,000 lines), the title's indexes and its search index
    /// are built after the rows, each in one pass, rather than kept in order row by row: 100,000
    /// lines went in in 3.0 s so, 11.9 s row by row.
    package static let bulkBytes: Int64 = 8 << 20

    /// - Throws: `CatalogFileError` for a file that cannot be read or a bad line (no title of it
    ///   is kept), `LibraryError.idTaken` for an id that another catalog uses, `LibraryError`
    ///   for the database.
    @discardableResult
    package static func importCatalog(path: String, into database: LibraryDatabase, bulkFrom: Int64 = LibraryImport.bulkBytes,
                                      progress: ImportProgressReport? = nil) async throws -> CatalogImportOutcome {
        let stamp = try stamp(of: path)
        let unchanged = try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT size, modified FROM imported_catalog WHERE path = ?", arguments: [path])
                .map { FileStamp(size: $0[0], modified: $0[1]) == stamp } ?? false
        }
        if unchanged { return .unchanged }
        return try await database.bulkWrite { db in
            try CatalogImporter(path: path, stamp: stamp, db: db, bulkFrom: bulkFrom, progress: progress).run()
        }
    }

    /// Removes the titles of the catalog imported from `path`, and forgets its import.
    package static func removeCatalog(path: String, from database: LibraryDatabase) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM title WHERE source = ? AND line IS NOT NULL", arguments: [path])
            try db.execute(sql: "DELETE FROM imported_catalog WHERE path = ?", arguments: [path])
        }
    }

    /// The file's size and time; a device, a FIFO or a directory is refused before it is read.
    static func stamp(of path: String) throws(CatalogFileError) -> FileStamp {
        try CatalogFileError.checkRegularFile(path)
        var info = stat()
        guard stat(path, &info) == 0 else { throw unreadable(path, errno) }
        return FileStamp(size: Int64(info.st_size),
                         modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    static func unreadable(_ path: String, _ code: Int32) -> CatalogFileError {
        let reason = switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "it is a directory"
        default: String(cString: strerror(code))
        }
        return CatalogFileError(file: path, line: nil, problem: .unreadable(reason: reason))
    }
}
