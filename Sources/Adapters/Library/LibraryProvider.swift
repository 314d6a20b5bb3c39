import Catalog
import Foundation
import GRDB

/// Pages of the library's titles, for the browser: the whole library for an empty query, or the
/// titles matching a search (FTS5, each word a prefix, ignoring case and accents), always in the
/// library's order (`docs/library-database.md`).
///
/// Pages are found by keyset: a page's `next` is a token holding the last title's place in the
/// order, and the next page is read from the index from there, so the millionth title costs what
/// the first does. Tokens from elsewhere are refused with `CatalogError.unknownCursor`. Lists
/// and searches can also be read from their end (`LibraryProvider+End`).
///
///     let provider = LibraryProvider(database: database)
///     let page = try await provider.page(PageRequest(query: "amelie", pageSize: 50))
///     let upNext = try await provider.title(after: "/media/Show/S01E01.mkv", query: "")
package struct LibraryProvider: PageProvider {
    package let database: LibraryDatabase

    /// Searches matching at least this many titles walk the index (see `rows`).
    let commonMatches: Int

    /// A walk that passes this many index rows without filling its page finishes it by looking up.
    let walkLimit: Int

    package init(database: LibraryDatabase) {
        self.init(database: database, commonMatches: Self.commonMatches)
    }

    /// A provider whose searches walk the index from `commonMatches` matches on: 0 always walks,
    /// `Int.max` never does; a walk hands over to the lookup after `walkLimit` index rows
    /// (`Int.max`: never). For tests and benchmarks comparing the paths.
    package init(database: LibraryDatabase, commonMatches: Int, walkLimit: Int = Self.walkLimit) {
        self.database = database
        self.commonMatches = commonMatches
        self.walkLimit = max(1, walkLimit)
    }

    package func page(_ request: PageRequest) async throws -> Page {
        try await page(request, matching: nil)
    }

    /// The page `request` asks for, where a search's matches are known to be `matches` (a
    /// server's count of them, kept): the page's matches are then found without counting them
    /// first (`rows`).
    package func page(_ request: PageRequest, matching matches: Int?) async throws -> Page {
        let paths = self
        return try await database.read { db in try paths.page(request, matching: matches, in: db) }
    }

    /// The same page, read in `db` (a server reads what it serves of the page's titles in the
    /// same access: `LibraryDatabase.servedPage`); `rowsRead` keeps what the server needs of the
    /// rows the page's titles come from.
    func page(_ request: PageRequest, matching matches: Int?, in db: Database, rowsRead: PageRowsRead? = nil) throws -> Page {
        if request.isOrdered, request.order != .title || !request.filter.isEmpty {
            return try orderedPage(request, in: db, rowsRead: rowsRead)
        }
        let keyset = try Keyset<PagePosition>(request.cursor)
        let trimmed = request.query.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty {
            // Only punctuation or symbols: nothing to find.
            guard let search = SearchQuery(trimmed) else { return Page(items: [], next: nil) }
            return try searchPage(search, from: keyset, limit: request.pageSize, matches: matches, counts: request.counts,
                                  in: db, rowsRead: rowsRead)
        }
        let fromTheEnd = Self.readsFromTheEnd(request)
        let (scope, limit) = (request.scope, request.pageSize)
        if keyset.isBackward {
            // The last page, or one before it (`LibraryProvider+End`): only of a list that gives them.
            guard fromTheEnd else { throw CatalogError.unknownCursor(request.cursor) }
            return try backwardPage(scope, from: keyset, limit: limit, counts: request.counts, in: db, rowsRead: rowsRead)
        }
        let after = keyset.place
        var page = scope != .all ? try scopedPage(scope, after: after, limit: limit, in: db, rowsRead: rowsRead)
            : Self.page(try rows(db, from: .after(after), search: nil, limit: limit + 1), limit: limit, after: after,
                        rowsRead: rowsRead)
        // The count a reload asks for: of a list read by keyset, a folder's Home rows with it.
        if request.counts, let count = try Self.count(scope, in: db) {
            let home = if case .folder(let path) = scope { try folderHomeTop(below: path, in: db).count } else { 0 }
            page.total = count + home
        }
        if fromTheEnd { page.last = Keyset<PagePosition>.before(nil).cursor }
        return page
    }

    /// A page of the titles matching `search`, read from `keyset` either way as the whole
    /// library's pages are (`LibraryProvider+End`): forward pages give the cursor before them and
    /// the search's `last`; the last page, and any page that `counts`, counts the matches
    /// (`matches`, when the caller knows).
    private func searchPage(_ search: SearchQuery, from keyset: Keyset<PagePosition>, limit: Int, matches: Int?,
                            counts: Bool, in db: Database, rowsRead: PageRowsRead?) throws -> Page {
        let rows = try rows(db, from: keyset, search: search, limit: limit + 1, matches: matches)
        let last = Keyset<PagePosition>.before(nil).cursor
        let total = (keyset.isBackward && keyset.place == nil) || counts ? try matches ?? Self.matchCount(search, in: db) : nil
        guard keyset.isBackward else {
            var page = Self.page(rows, limit: limit, after: keyset.place, rowsRead: rowsRead)
            page.last = last
            page.total = total
            return page
        }
        return Self.backwardPage(rows, limit: limit, last: last, total: total, endsList: keyset.place == nil,
                                 rowsRead: rowsRead) {
            Keyset.before(TitleRow.position(of: $0)).cursor
        } after: {
            Keyset.after(TitleRow.position(of: $0)).cursor
        }
    }

    /// How many titles `search` matches: FTS5's count, 20-45 ms for the commonest prefixes of a
    /// million titles (`"the"*`: 409,000 matches).
    static func matchCount(_ search: SearchQuery, in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM title_search WHERE title_search MATCH ?"),
                         arguments: [search.match]) ?? 0
    }

    /// Up next stays within a show: the list's next title may be another show's, or a film.
    package var upNextIsTheListsNext: Bool { false }

    /// Films, shows, seasons (and, for a library, folders): `ListScope`.
    package var hasScopes: Bool { true }

    /// Views by title, year, date added or length, filtered by genre or decade (`LibraryProvider+Order`).
    package var canOrder: Bool { true }

    /// What up next plays after `titleID`:
    ///
    /// - an episode: the next episode of the same show (the next one of its season, then the
    ///   first of the next season, in the library's order, whatever the search); nil after the
    ///   show's last episode, never another show's episode or a film;
    /// - a film of a scanned folder: nil;
    /// - a title of an imported catalog, which is a list the user wrote in order: the next title
    ///   of the same catalog in the list of `query` (as a playlist goes on), nil at its end;
    /// - nil for a title the library does not have.
    package func title(after titleID: String, query: String) async throws -> Title? {
        let paths = self
        return try await database.read { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT sort_key, id, show FROM title WHERE key = ?"),
                                             arguments: [titleID]) else { return nil }
            let position = PagePosition(sortKey: row[0], id: row[1])
            if let show = row[2] as String? {
                return try Self.nextEpisode(db, after: position, show: show)
            }
            guard let catalog = SortKey.catalogPrefix(of: position.sortKey) else { return nil }
            let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
            let search = SearchQuery(trimmed)
            if !trimmed.isEmpty, search == nil { return nil }
            guard let next = try paths.rows(db, after: position, search: search, limit: 1).first,
                  SortKey.catalogPrefix(of: TitleRow.position(of: next).sortKey) == catalog else { return nil }
            return TitleRow.title(from: next)
        }
    }

    /// The row after `position` when it is an episode of `show`.
    private static func nextEpisode(_ db: Database, after position: PagePosition, show: String) throws -> Title? {
        let sql = "SELECT \(TitleRow.columns), title.show FROM title WHERE (title.sort_key, title.id) > (?, ?) "
            + "ORDER BY title.sort_key, title.id LIMIT 1"
        guard let next = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [position.sortKey, position.id]),
              let nextShow = next[TitleRow.columnCount] as String?,
              SortKey.natural(nextShow) == SortKey.natural(show) else { return nil }
        return TitleRow.title(from: next)
    }

    /// The `limit` rows after `after` in the library's order, of the titles matching `search`.
    func rows(_ db: Database, after: PagePosition?, search: SearchQuery?, limit: Int, matches: Int? = nil) throws -> [Row] {
        try rows(db, from: .after(after), search: search, limit: limit, matches: matches)
    }

    /// The `limit` rows from `keyset` in the library's order (read backward: the rows before its
    /// place, last first), of the titles matching `search`.
    ///
    /// Without a search, one query walks `title_order` (`listQuery`). A search first finds the
    /// page's places, `(sort_key, id)`, by one of two paths, then reads their rows by id:
    ///
    /// - fewer than `commonMatches` matches: looked up (`lookUpQuery`);
    /// - more: walked (`walkQuery`); a walk that passes `walkLimit` index rows without filling
    ///   the page finishes it by the lookup from the last row it passed, so a search matching
    ///   many titles that all sort late (or, read backward, early) costs a bounded walk and a lookup.
    ///
    /// Which of the two is decided by counting the matches up to `commonMatches`, unless the
    /// caller knows how many there are (`matches`). Read backward, each path walks or sorts the
    /// other way, and costs what it costs forward.
    func rows(_ db: Database, from keyset: Keyset<PagePosition>, search: SearchQuery?, limit: Int, matches: Int? = nil) throws
        -> [Row] {
        guard let search else {
            let (sql, arguments) = Self.scopeQuery(.all, from: keyset, limit: limit)!
            return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        }
        var positions: [PagePosition]
        let looksUp: [PagePosition]?
        let (plans, version) = (database.searchPlans, try SearchPlans.version(in: db))
        // A provider that looks every search up (to compare the paths) reads nothing kept.
        switch commonMatches == Int.max ? nil : plans.plan(for: search.match, in: db, version: version) {
        case .lookedUp(let places)?:
            looksUp = Self.slice(places, from: keyset, limit: limit)
        case .walks?:
            looksUp = nil
        case nil:
            if commonMatches == Int.max {
                // Every search looked up (to compare the paths): nothing counted, nothing kept.
                looksUp = try Self.lookUp(db, from: keyset, search: search, limit: limit, countingTo: nil)
            } else if let wider = plans.narrowing(search.tokens, in: db, version: version),
                      let places = try Self.narrow(wider, to: search, in: db) {
                // Typed on: the matches are among a kept search's places; FTS5 says which.
                plans.keep(.lookedUp(places), for: search.match, tokens: search.tokens, in: db, version: version)
                looksUp = Self.slice(places, from: keyset, limit: limit)
            } else if let matches, matches >= commonMatches {
                looksUp = nil
                plans.keep(.walks, for: search.match, in: db, version: version)
            } else if let places = try Self.lookUp(db, from: .after(nil), search: search, limit: commonMatches,
                                                   countingTo: commonMatches) {
                // Fewer matches than `commonMatches`: all their places, kept for the next pages.
                plans.keep(.lookedUp(places), for: search.match, tokens: search.tokens, in: db, version: version)
                looksUp = Self.slice(places, from: keyset, limit: limit)
            } else {
                looksUp = nil
                plans.keep(.walks, for: search.match, in: db, version: version)
            }
        }
        if let found = looksUp {
            positions = found
        } else {
            positions = try Self.positions(db, Self.walkQuery(from: keyset, search: search, limit: limit, walkLimit: walkLimit))
            if positions.count < limit, walkLimit < Int.max,
               let stop = try Self.walkStop(db, from: keyset, walkLimit: walkLimit) {
                // The walk passed `walkLimit` rows: the rest of the page comes past the last.
                let past: Keyset<PagePosition> = keyset.isBackward ? .before(stop) : .after(stop)
                positions += try Self.lookUp(db, from: past, search: search, limit: limit - positions.count, countingTo: nil) ?? []
            }
        }
        guard !positions.isEmpty else { return [] }
        // The page's rows, by id (NOT INDEXED: rowid lookups, never a walk of an index).
        let ids = positions.map(\.id)
        let sql = "SELECT \(TitleRow.columns) FROM title NOT INDEXED WHERE title.id IN ("
            + Array(repeating: "?", count: ids.count).joined(separator: ", ")
            + ") ORDER BY title.sort_key\(keyset.direction), title.id\(keyset.direction)"
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: StatementArguments(ids))
    }

    /// The first `limit` of `places` (every match's, in the library's order) from `keyset`:
    /// those after its place, or, read backward, those before it, last first.
    static func slice(_ places: [PagePosition], from keyset: Keyset<PagePosition>, limit: Int) -> [PagePosition] {
        guard let place = keyset.place else {
            return keyset.isBackward ? Array(places.suffix(limit).reversed()) : Array(places.prefix(limit))
        }
        // The first place after `place` (forward) or at or after it (backward), by binary search.
        var (low, high) = (0, places.count)
        while low < high {
            let middle = (low + high) / 2
            let passes = keyset.isBackward ? places[middle].precedes(place) : !place.precedes(places[middle])
            if passes { low = middle + 1 } else { high = middle }
        }
        return keyset.isBackward ? Array(places[max(0, low - limit) ..< low].reversed())
            : Array(places[low ..< min(places.count, low + limit)])
    }

    /// The places of `wider` (a kept search's, which `search` narrows) that match `search`, in
    /// their order: FTS5's matches, without their sort keys (which `wider` has). Nil if FTS5
    /// finds a match `wider` does not hold, which narrowing rules out: then `search` is looked
    /// up as a new one.
    static func narrow(_ wider: [PagePosition], to search: SearchQuery, in db: Database) throws -> [PagePosition]? {
        var matches = Set<Int64>(minimumCapacity: wider.count)
        let ids = try Int64.fetchCursor(db.cachedStatement(sql: "SELECT rowid FROM title_search WHERE title_search MATCH ? LIMIT ?"),
                                        arguments: [search.match, wider.count + 1])
        while let id = try ids.next() { matches.insert(id) }
        let narrowed = wider.filter { matches.contains($0.id) }
        return narrowed.count == matches.count ? narrowed : nil
    }

    private static func positions(_ db: Database, _ query: (String, StatementArguments)) throws -> [PagePosition] {
        try Row.fetchAll(db.cachedStatement(sql: query.0), arguments: query.1).map { PagePosition(sortKey: $0[0], id: $0[1]) }
    }

    /// The places of the first `limit` matches from `keyset`, looked up (`lookUpQuery`), or nil
    /// when the search matches at least `countingTo` titles (then it looked up none).
    static func lookUp(_ db: Database, from keyset: Keyset<PagePosition>, search: SearchQuery, limit: Int, countingTo: Int?) throws
        -> [PagePosition]? {
        if countingTo == 0 { return nil }
        let (sql, arguments) = lookUpQuery(from: keyset, search: search, limit: limit, countingTo: countingTo)
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        if let countingTo, let count = rows.first?[0] as Int?, count >= countingTo { return nil }
        return rows.dropFirst().map { PagePosition(sortKey: $0[0], id: $0[1]) }
    }

    /// Searches matching at least this many titles walk the index; fewer are looked up and
    /// sorted (`docs/library-database.md` gives the costs they were chosen from).
    static let commonMatches = 5_000

    /// A walk passing this many index rows without filling its page hands over to the lookup
    /// (2 to 3 ms of walking).
    static let walkLimit = 10_000

    /// The whole list from `after`: `title_order` walked from the token's place, `limit` rows.
    static func listQuery(after: PagePosition?, limit: Int) -> (String, StatementArguments) {
        // The whole library's range has no bound: the query of any scope, from `after`.
        scopeQuery(.all, from: .after(after), limit: limit)!
    }

    /// The condition that keeps a keyset's rows (`AND`-joinable, after `prefix`), with its
    /// arguments; nothing from the list's start or end.
    private static func keysetCondition(_ keyset: Keyset<PagePosition>, prefix: String) -> (String, StatementArguments) {
        guard let place = keyset.place else { return ("", []) }
        return ("\(prefix) (sort_key, id) \(keyset.comparison) (?, ?)", [place.sortKey, place.id])
    }

    /// The places of the first `limit` matches from `keyset`, looked up: the FTS5 matches' sort
    /// keys read from the narrow index `title_rank(id, sort_key)` (never the wide table), and
    /// sorted (backward: the other way); costs what the matches cost (see
    /// `docs/library-database.md`). One statement also counts the matches, up to `countingTo`
    /// (its first row: the count), and looks up nothing when there are that many, so FTS5 finds
    /// the matches once.
    static func lookUpQuery(from keyset: Keyset<PagePosition>, search: SearchQuery, limit: Int, countingTo: Int? = nil)
        -> (String, StatementArguments) {
        var arguments: StatementArguments = [search.match, countingTo ?? -1]
        let (condition, values) = keysetCondition(keyset, prefix: "AND")
        arguments += values
        arguments += [countingTo ?? Int.max, limit]
        // LIMIT 0 when there are too many matches: SQLite then looks nothing up.
        return ("""
            WITH matches AS MATERIALIZED (SELECT rowid AS id FROM title_search WHERE title_search MATCH ? LIMIT ?)
            SELECT count(*), NULL FROM matches
            UNION ALL
            SELECT * FROM (
                SELECT sort_key, id FROM title INDEXED BY title_rank WHERE id IN matches \(condition)
                ORDER BY sort_key\(keyset.direction), id\(keyset.direction)
                LIMIT CASE WHEN (SELECT count(*) FROM matches) < ? THEN ? ELSE 0 END
            )
            """, arguments)
    }

    /// The places of the first `limit` matches from `keyset`, walked: at most `walkLimit` rows
    /// of `title_order` from the keyset's place, either way (the index covers `words`; a
    /// co-routine, read as the outer query asks), keeping those where
    /// `instr(words, ' ' || token) > 0` for every token. Costs what the rows walked past cost,
    /// few when matches are common.
    static func walkQuery(from keyset: Keyset<PagePosition>, search: SearchQuery, limit: Int, walkLimit: Int = walkLimit)
        -> (String, StatementArguments) {
        var (condition, arguments) = keysetCondition(keyset, prefix: "WHERE")
        arguments += [walkLimit]
        arguments += StatementArguments(search.tokens.map { " " + $0 })
        arguments += [limit]
        let tests = search.tokens.map { _ in "instr(words, ?) > 0" }.joined(separator: " AND ")
        return ("""
            SELECT sort_key, id FROM (
                SELECT sort_key, id, words FROM title INDEXED BY title_order \(condition)
                ORDER BY sort_key\(keyset.direction), id\(keyset.direction) LIMIT ?
            ) WHERE \(tests) LIMIT ?
            """, arguments)
    }

    /// The last row a walk of `walkLimit` rows from `keyset` passed, or nil when it reached the
    /// list's end (or, backward, its start): it then passed every row.
    static func walkStop(_ db: Database, from keyset: Keyset<PagePosition>, walkLimit: Int) throws -> PagePosition? {
        var (condition, arguments) = keysetCondition(keyset, prefix: "WHERE")
        arguments += [walkLimit - 1]
        let sql = "SELECT sort_key, id FROM title INDEXED BY title_order \(condition) "
            + "ORDER BY sort_key\(keyset.direction), id\(keyset.direction) LIMIT 1 OFFSET ?"
        return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments).map { PagePosition(sortKey: $0[0], id: $0[1]) }
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

    /// How many titles `query` matches, all counted (for benchmarks).
    package func matchCount(_ query: String) async throws -> Int {
        guard let search = SearchQuery(query) else { return 0 }
        return try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM title_search WHERE title_search MATCH ?", arguments: [search.match]) ?? 0
        }
    }

    /// How many titles the library holds (for benchmarks).
    package func titleCount() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM title") ?? 0 }
    }
}
