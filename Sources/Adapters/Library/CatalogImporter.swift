import Catalog
import CatalogFile
import Foundation
import GRDB
import ProcessControl

/// One import of a catalog file, inside the transaction `LibraryImport` opened: replaces the
/// titles of the file's previous import with the file's, line by line.
struct CatalogImporter {
    let path: String
    let stamp: FileStamp
    let db: Database
    /// From this size of file on, the indexes are built after the rows (`LibraryImport.bulkBytes`).
    var bulkFrom: Int64 = LibraryImport.bulkBytes
    /// Told how far the import has come (`ImportProgress`).
    var progress: ImportProgressReport?

    func run() throws -> CatalogImportOutcome {
        let number = try Int.fetchOne(db, sql: "SELECT number FROM imported_catalog WHERE path = ?", arguments: [path])
            ?? (Int.fetchOne(db, sql: "SELECT max(number) FROM imported_catalog") ?? 0) + 1
        // A big file goes in without the title's secondary indexes, which are built again after
        // it, each in one sorted pass, rather than kept in order row by row.
        var bulk: BulkTitles?
        if stamp.size >= bulkFrom {
            // The counts read two indexes whole: in the bulk import's smaller cache, they leave
            // an import of a million lines again at 61 MiB rather than 103.
            try BulkTitles.limitCache(db)
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM title")!
            // The rows of a catalog's source are its titles (each with its line), so its index counts them.
            let previous = try Int.fetchOne(db, sql: "SELECT count(*) FROM title WHERE source = ?", arguments: [path])!
            if isBulk(others: total - previous) {
                bulk = try BulkTitles(db)
                try bulk?.deleteRows(where: "source = ? AND line IS NOT NULL", arguments: [path], count: previous, total: total)
                try bulk?.buildSearchAlongside()
            } else {
                try db.execute(sql: LibraryDatabase.bulkWriteCache)
            }
        }
        if bulk == nil {
            try db.execute(sql: "DELETE FROM title WHERE source = ? AND line IS NOT NULL", arguments: [path])
        }
        let insert = try RowInsert(db, sql: """
            INSERT INTO title (key, source, line, display, name, year, genre, duration, intro_start, intro_end,
                credits_start, video, subtitles, sort_key, words)
            VALUES (?1, ?2, ?3, ?4, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
            """)
        // The file is read, parsed and made into rows (search words folded, sort keys) on a
        // thread of its own while this one inserts the rows before: the two halves of the work
        // are about even, and each has a core.
        let rows = ImportRows<ImportedRow>()
        let reader = ImportReader(path: path, number: number, size: stamp.size, rows: rows, progress: progress)
        startDetachedThread { reader.run() }
        defer { rows.stopAndWait() }
        var titles = 0
        var lines = 0
        let alongside = bulk?.search != nil
        var entries: [SearchIndexBuild.Entry] = []
        reading: while true {
            switch rows.take() {
            case .rows(let batch):
                try RowInsert.checkCancellation(db)
                for row in batch {
                    do {
                        row.bind(to: insert, source: path)
                        try insert.run()
                    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                        throw try duplicate(row.id, row.line)
                    }
                    if alongside { entries.append(.init(id: insert.lastID, words: row.words)) }
                }
                if alongside {
                    bulk?.add(entries)
                    entries.removeAll(keepingCapacity: true)
                }
                titles += batch.count
            case .finished(let count):
                lines = count
                break reading
            case .failed(let error):
                throw error
            }
        }
        guard titles > 0 else { throw CatalogFileError(file: path, line: nil, problem: .noTitles) }
        // The other orders' indexes are built after the commit: the list is there before them.
        try bulk?.finish(searchingRows: "source = ? AND line IS NOT NULL", arguments: [path],
                         deferring: LibrarySchema.deferredIndexes, progress: progress)
        try db.execute(sql: """
            INSERT OR REPLACE INTO imported_catalog (path, number, size, modified, lines, titles, imported_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [path, number, stamp.size, stamp.modified, lines, titles, LibraryDatabase.now()])
        progress?(.saving)
        return .imported(titles: titles, lines: lines)
    }

    /// Whether to build the indexes after the rows: a big file, and a library not much bigger
    /// than it (building an index reads every title, the other catalogs' and folders' too).
    private func isBulk(others: Int) -> Bool {
        // About 150 bytes a line.
        return others <= 4 * max(Int(stamp.size / 150), 1)
    }

    /// The error for an id already in the library: the line that used it first in this file,
    /// or the catalog that has it.
    private func duplicate(_ id: String, _ lineNumber: Int) throws -> any Error {
        let row = try Row.fetchOne(db, sql: "SELECT source, line FROM title WHERE key = ?", arguments: [id])
        let source: String? = row?[0]
        let firstLine: Int? = row?[1]
        if source == path, let firstLine {
            return CatalogFileError(file: path, line: lineNumber, problem: .duplicateID(id, firstLine: firstLine))
        }
        let owner = firstLine == nil ? "a scanned file" : "the catalog \(source ?? "")"
        return LibraryError.idTaken(id: id, file: path, line: lineNumber, source: owner)
    }
}
