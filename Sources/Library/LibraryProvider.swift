import Catalog
import Foundation
import GRDB

/// Pages of the library's titles, for the browser: the whole library for an empty query, or the
/// titles matching a search (FTS5, each word a prefix, ignoring case and accents), always in the
/// library's order (`docs/library-database.md`).
///
/// Pages are found by keyset: a page's `next` is a token holding the last title's place in the
/// order, and the next page is read from the index from there, so the millionth title costs what
/// the first does. Tokens from elsewhere are refused with `CatalogError.unknownCursor`.
///
///     let provider = LibraryProvider(database: database)
///     let page = try await provider.page(PageRequest(query: "amelie", pageSize: 50))
///     let upNext = try await provider.title(after: "/media/Show/S01E01.mkv", query: "")
public struct LibraryProvider: PageProvider {
    public let database: LibraryDatabase

    /// Searches matching at least this many titles walk the index (see `query`).
    let commonMatches: Int

    public init(database: LibraryDatabase) {
        self.init(database: database, commonMatches: Self.commonMatches)
    }

    /// A provider whose searches walk the index from `commonMatches` matches on: 0 always walks,
    /// `Int.max` never does (for tests comparing the two paths).
    init(database: LibraryDatabase, commonMatches: Int) {
        self.database = database
        self.commonMatches = commonMatches
    }

    public func page(_ request: PageRequest) async throws -> Page {
        let after = try PagePosition.after(request.cursor)
        let trimmed = request.query.trimmingCharacters(in: .whitespacesAndNewlines)
        let search: SearchQuery?
        if trimmed.isEmpty {
            search = nil
        } else if let query = SearchQuery(trimmed) {
            search = query
        } else {
            return Page(items: [], next: nil)  // only punctuation or symbols: nothing to find
        }
        let limit = request.pageSize
        let threshold = commonMatches
        return try await database.read { db in
            let rows = try Self.rows(db, after: after, search: search, limit: limit + 1, commonMatches: threshold)
            let items = rows.prefix(limit).map(TitleRow.title(from:))
            let next = rows.count > limit ? PageCursor.token(TitleRow.position(of: rows[limit - 1]).token) : nil
            return Page(items: items, next: next)
        }
    }

    /// The title after `titleID` in the list of `query` (for an episode, usually the next
    /// episode), found with one keyset query; nil at the end or when `titleID` is not in the list.
    public func title(after titleID: String, query: String) async throws -> Title? {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let search = SearchQuery(trimmed)
        if !trimmed.isEmpty, search == nil { return nil }
        let threshold = commonMatches
        return try await database.read { db in
            // The title is in the list when each word of the search starts a word of its own
            // (the test the walk makes; see `query`).
            let tokens = search?.tokens ?? []
            let sql = "SELECT sort_key, id FROM title WHERE key = ?"
                + String(repeating: " AND instr(words, ?) > 0", count: tokens.count)
            var arguments: StatementArguments = [titleID]
            arguments += StatementArguments(tokens.map { " " + $0 })
            guard let row = try Row.fetchOne(db, sql: sql, arguments: arguments) else { return nil }
            let position = PagePosition(sortKey: row[0], id: row[1])
            return try Self.rows(db, after: position, search: search, limit: 1, commonMatches: threshold).first.map(TitleRow.title(from:))
        }
    }

    /// The `limit` rows after `after` in the library's order, of the titles matching `search`.
    static func rows(
        _ db: Database, after: PagePosition?, search: SearchQuery?, limit: Int, commonMatches: Int = commonMatches
    ) throws -> [Row] {
        let walk = try search.map { try isCommon($0, db, commonMatches: commonMatches) } ?? true
        let (sql, arguments) = query(after: after, search: search, limit: limit, walkingIndex: walk)
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// Searches matching at least this many titles walk the index (see `query`); fewer are
    /// looked up and sorted (cheap for few, see `docs/library-database.md`).
    static let commonMatches = 2_000

    /// Whether the search matches at least `commonMatches` titles (counting no further).
    static func isCommon(_ search: SearchQuery, _ db: Database, commonMatches: Int = commonMatches) throws -> Bool {
        guard commonMatches > 0 else { return true }
        guard commonMatches < Int.max else { return false }
        let count = try Int.fetchOne(db.cachedStatement(sql: """
            SELECT count(*) FROM (SELECT rowid FROM title_search WHERE title_search MATCH ? LIMIT ?)
            """), arguments: [search.match, commonMatches]) ?? 0
        return count >= commonMatches
    }

    /// The page query, in the library's order from `after`. Without a search it walks the
    /// `title_order` index. A search takes one of two paths, which find the same titles: the
    /// titles' `words` are what FTS5 indexes, and both take each word of the search as the start
    /// of a word of the title.
    ///
    /// - Looking up (`walkingIndex` false, for searches matching few titles): the FTS5 matches,
    ///   fetched by rowid and sorted; costs what the number of matches costs.
    /// - Walking (for searches matching many): `title_order` read from `after`, which covers
    ///   `words`, keeping the rows where `instr(words, ' ' || token) > 0` for every token, until
    ///   `limit` are found; costs what the rows walked past cost (0.2 µs each), few when
    ///   matches are common.
    static func query(
        after: PagePosition?, search: SearchQuery?, limit: Int, walkingIndex: Bool = true
    ) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let search {
            if walkingIndex {
                for token in search.tokens {
                    conditions.append("instr(title.words, ?) > 0")
                    arguments += [" " + token]
                }
            } else {
                conditions.append("title.id IN (SELECT rowid FROM title_search WHERE title_search MATCH ?)")
                arguments += [search.match]
            }
        }
        if let after {
            conditions.append("(title.sort_key, title.id) > (?, ?)")
            arguments += [after.sortKey, after.id]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let index = walkingIndex ? "INDEXED BY title_order" : ""
        arguments += [limit]
        return ("SELECT \(TitleRow.columns) FROM title \(index) \(filter) ORDER BY title.sort_key, title.id LIMIT ?",
                arguments)
    }
}

extension LibraryProvider {
    /// The cursor of the page that starts at `row` of the whole list (found with OFFSET, so it
    /// costs what skipping `row` rows costs): for benchmarks and tests, not for browsing.
    package func cursor(atRow row: Int) async throws -> PageCursor {
        guard row > 0 else { return .start }
        return try await database.read { db in
            guard let found = try Row.fetchOne(db, sql: "SELECT sort_key, id FROM title ORDER BY sort_key, id LIMIT 1 OFFSET ?",
                                               arguments: [row - 1])
            else { return .start }
            return .token(PagePosition(sortKey: found[0], id: found[1]).token)
        }
    }
}
