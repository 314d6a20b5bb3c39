import Catalog
import Foundation
import GRDB

/// What `spindle serve` reads besides pages (`LibraryProvider`): titles by row number, the row
/// numbers of a page's titles, and how many titles a search matches.
///
///     let served = try await database.servedTitles(page.items)
///     let total = try await database.titleCount(query: "amelie")
extension LibraryDatabase {
    /// The title stored in row `rowID`, or nil.
    package func servedTitle(rowID: Int64) async throws -> ServedTitle? {
        try await read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(TitleRow.columns) FROM title WHERE id = ?"),
                             arguments: [rowID])
                .map(Self.served(from:))
        }
    }

    /// `titles` (a page's, as the library read them) as served, by id (`Title.id`, the `key`
    /// column); titles the library no longer has are left out. Only what a page's `Title` lacks
    /// is read: the row, the subtitles of a title without video, and the genre, which Home's
    /// rows carry their part's tag in.
    package func servedTitles(_ titles: [Title]) async throws -> [String: ServedTitle] {
        guard !titles.isEmpty else { return [:] }
        return try await read { db in try Self.servedTitles(titles, in: db) }
    }

    /// The page `provider` reads for `request` (`LibraryProvider.page(_:matching:)`) and its
    /// titles as served (`servedTitles`, Home's groups left out), in one access to a reader: a
    /// made page costs one trip to a reader's thread and back, not two.
    package func servedPage(_ request: PageRequest, matching matches: Int?, from provider: LibraryProvider)
        async throws -> (Page, [String: ServedTitle]) {
        try await read { db in try Self.servedPage(request, matching: matches, from: provider, in: db) }
    }

    /// `servedPage`, read in `db`: what the server sends of the titles is taken from the rows
    /// the page was read from (`PageRowsRead`), and read by key only for titles that did not
    /// come from them (Home's).
    static func servedPage(_ request: PageRequest, matching matches: Int?, from provider: LibraryProvider,
                           in db: Database) throws -> (Page, [String: ServedTitle]) {
        let read = PageRowsRead()
        let page = try provider.page(request, matching: matches, in: db, rowsRead: read)
        return (page, try servedTitles(page.items.filter { $0.group == nil }, known: read, in: db))
    }

    /// `servedTitles(_:)`, read in `db`, but for the titles `known` holds the rows of.
    static func servedTitles(_ titles: [Title], known: PageRowsRead? = nil, in db: Database) throws -> [String: ServedTitle] {
        var found: [String: ServedTitle] = [:]
        var byKey: [String: Title] = [:]
        for title in titles {
            guard let extras = known?.byKey[title.id] else {
                byKey[title.id] = title
                continue
            }
            found[title.id] = served(title, rowID: extras.rowID, subtitles: extras.subtitles, genre: extras.genre)
        }
        let missing = Array(byKey.keys)
        // 50 keys a page; SQLite allows 32766 variables, so chunks of 500 are plenty.
        for start in stride(from: 0, to: missing.count, by: 500) {
            let chunk = missing[start ..< min(missing.count, start + 500)]
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT key, id, subtitles, genre FROM title WHERE key IN (\(marks))"),
                                           arguments: StatementArguments(chunk))
            while let row = try rows.next() {
                let key: String = row[0]
                guard let title = byKey[key] else { continue }
                found[key] = served(title, rowID: row[1], subtitles: row[2], genre: row[3] ?? "")
            }
        }
        return found
    }

    /// `title` as served, from its row's number, subtitles and genre as stored.
    private static func served(_ title: Title, rowID: Int64, subtitles: String?, genre: String) -> ServedTitle {
        var title = title
        title.genre = genre
        return ServedTitle(rowID: rowID, title: title, videoFile: ServedTitle.localFile(title.media?.video),
                           subtitlesFile: ServedTitle.localFile(subtitles))
    }

    /// How many titles the list of `query` holds: the whole library for an empty query, else
    /// the titles matching the search, as `LibraryProvider` pages them.
    package func titleCount(query: String) async throws -> Int {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            return try await read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM title") ?? 0 }
        }
        guard let search = SearchQuery(trimmed) else { return 0 }
        return try await read { db in try LibraryProvider.matchCount(search, in: db) }
    }

    /// The folders whose files `spindle serve` may stream: the scanned folders, and the folder
    /// of each imported catalog (its titles' files are named relative to it). A file is served
    /// only if its real path is inside one of them.
    package func servingRoots() async throws -> [String] {
        try await read { db in
            let folders = try String.fetchAll(db, sql: "SELECT path FROM folder")
            let catalogs = try String.fetchAll(db, sql: "SELECT path FROM imported_catalog")
            return folders + catalogs.map { path in
                let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                return folder.isEmpty ? "/" : folder
            }
        }
    }

    /// Reads a row of `TitleRow.columns`.
    private static func served(from row: Row) -> ServedTitle {
        let title = TitleRow.title(from: row)
        return ServedTitle(rowID: row[11], title: title,
                           videoFile: ServedTitle.localFile(row[8]), subtitlesFile: ServedTitle.localFile(row[9]))
    }
}

extension LibraryDatabase {
    /// The rows of the titles whose keys are `keys`, by key (keys the library lacks are left out).
    package func rowIDs(forKeys keys: [String]) async throws -> [String: Int64] {
        try await pairs("SELECT key, id FROM title WHERE key IN", keys)
    }

    /// The keys of the titles in rows `rowIDs`, by row (rows the library lacks are left out).
    package func keys(forRowIDs rowIDs: [Int64]) async throws -> [Int64: String] {
        try await pairs("SELECT id, key FROM title WHERE id IN", rowIDs)
    }

    /// The rows of `select` (two columns) for `values`, 500 at a time, as a dictionary.
    private func pairs<Value: DatabaseValueConvertible & Hashable & Sendable, Other: DatabaseValueConvertible & Sendable>(
        _ select: String, _ values: [Value]
    ) async throws -> [Value: Other] {
        guard !values.isEmpty else { return [:] }
        return try await read { db in
            var found: [Value: Other] = [:]
            for start in stride(from: 0, to: values.count, by: 500) {
                let chunk = Array(values[start ..< min(values.count, start + 500)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                for row in try Row.fetchAll(db, sql: "\(select) (\(marks))", arguments: StatementArguments(chunk)) {
                    found[row[0]] = row[1]
                }
            }
            return found
        }
    }
}
