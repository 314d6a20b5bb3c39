import Catalog
import GRDB

/// The pages of a scope other than the whole library (`ListScope`), each read by keyset from an
/// index of its own, so the last page costs what the first does:
///
/// - films: `title_films`, a partial index of the titles without a show;
/// - shows: one row per show, found by skipping from show to show in `title_episodes` (each
///   show's episodes share the start of their sort key), with its seasons and episodes counted
///   in its own range;
/// - a show's seasons, a season's episodes: ranges of `title_episodes`;
/// - a folder: the titles whose path is below it (a range of the path's unique index, sorted:
///   a folder's titles cost what they are, not what the library is).
extension LibraryProvider {
    func scopedPage(_ scope: ListScope, after: PagePosition?, limit: Int, in db: Database,
                    rowsRead: PageRowsRead? = nil) throws -> Page {
        switch scope {
        case .home:
            return after == nil ? try homePage(in: db) : Page(items: [], next: nil)
        case .all, .films, .season:
            return Self.page(try rows(db, in: scope, from: .after(after), limit: limit + 1), limit: limit, after: after,
                             rowsRead: rowsRead)
        case .folder(let path):
            let page = Self.page(try rows(db, in: scope, from: .after(after), limit: limit + 1), limit: limit, after: after,
                                 rowsRead: rowsRead)
            // The folder's Home: what to watch now first, on the first page.
            guard after == nil else { return page }
            return Page(items: try folderHomeTop(below: path, in: db) + page.items, next: page.next)
        case .shows:
            return try showsPage(after: after, limit: limit, in: db)
        case .show(let show):
            return try seasonsPage(of: show, in: db)
        }
    }

    /// How many rows `scope` lists (for the server's totals; counted, so a large scope costs).
    package func count(_ scope: ListScope) async throws -> Int {
        let paths = self
        return try await database.read { db in
            if let count = try Self.count(scope, in: db) { return count }
            // Home, shows and seasons are few: count their rows.
            var count = 0
            var after: PagePosition?
            repeat {
                let page = try paths.scopedPage(scope, after: after, limit: 200, in: db)
                count += page.items.count
                after = page.next.flatMap { cursor in if case .token(let token) = cursor { PagePosition(token: token) } else { nil } }
            } while after != nil
            return count
        }
    }

    /// How many titles a list read by `(sort_key, id)` has (`keysetRange`), counted in the
    /// index its pages walk (the whole library: in the narrowest); nil for other scopes.
    static func count(_ scope: ListScope, in db: Database) throws -> Int? {
        if scope == .films {
            // Every title is a film or an episode: the library less its episodes, each counted
            // in an index that holds what it tests (`title_films` does not hold `show`: walking
            // it reads every film's row, 23 ms at a million titles against 10 ms).
            return try Int.fetchOne(db.cachedStatement(sql: """
                SELECT (SELECT count(*) FROM title) - (SELECT count(*) FROM title INDEXED BY title_episodes WHERE show IS NOT NULL)
                """)) ?? 0
        }
        guard let range = keysetRange(scope) else { return nil }
        let sql = "SELECT count(*) FROM title \(range.index.map { "INDEXED BY \($0) " } ?? "")"
            + (range.condition.map { "WHERE \($0)" } ?? "")
        return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: StatementArguments(range.values)) ?? 0
    }

    /// The titles of a scope listed in the library's order, `(sort_key, id)`: the condition
    /// that picks them, the index their pages walk (nil: SQLite's choice), and the condition's
    /// values; nil for the scopes listed otherwise (Home, shows, a show's seasons).
    static func keysetRange(_ scope: ListScope) -> (condition: String?, index: String?, values: [String])? {
        switch scope {
        case .all:
            return (nil, nil, [])
        case .films:
            return ("show IS NULL", "title_films", [])
        case .folder(let path):
            let (start, end) = pathRange(below: path)
            return ("path >= ? AND path < ?", nil, [start, end])
        case .season(let show, let season):
            let start = showPrefix(show) + SortKey.padded(season, 4)
            let end = showPrefix(show) + SortKey.padded(season + 1, 4)
            return ("show IS NOT NULL AND sort_key >= ? AND sort_key < ?", "title_episodes", [start, end])
        case .home, .shows, .show:
            return nil
        }
    }

    /// A show's episodes counted in the range of its sort keys, from the index alone: how many,
    /// in how many seasons, its first year.
    static let showCountsSQL = """
        SELECT count(*), count(DISTINCT coalesce(season, 0)), min(year) FROM title INDEXED BY title_episodes
        WHERE show IS NOT NULL AND sort_key >= ? AND sort_key < ?
        """

    /// A group's progress, derived from its episodes' marks (joined as `watch_state`): how many
    /// were watched, how many left part way.
    static let progressColumns = """
        coalesce(sum(watch_state.watched), 0), coalesce(sum(watch_state.position > 0 AND NOT watch_state.watched), 0)
        """

    /// The sort keys of a show's episodes, or of one of its seasons: from `start` up to `end`.
    package static func episodeRange(of show: String, season: Int?) -> (start: String, end: String) {
        let prefix = showPrefix(show)
        guard let season else { return (prefix, String(prefix.dropLast()) + "\u{2}") }
        return (prefix + SortKey.padded(season, 4), prefix + SortKey.padded(season + 1, 4))
    }

    /// "1" + the show's natural key + "\u{1}": every episode of the show has it first.
    static func showPrefix(_ show: String) -> String {
        "1" + SortKey.natural(show) + "\u{1}"
    }

    /// The paths below `folder`: from "folder/" up to "folder0" ("0" follows "/").
    static func pathRange(below folder: String) -> (String, String) {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return (base + "/", base + "0")
    }

    /// Up to `limit` rows of a scope listed in the library's order (`keysetRange`), read from
    /// `keyset`: forward in the order, or backward (last first).
    func rows(_ db: Database, in scope: ListScope, from keyset: Keyset<PagePosition>, limit: Int) throws -> [Row] {
        guard let (sql, arguments) = Self.scopeQuery(scope, from: keyset, limit: limit) else { return [] }
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }

    /// The query of `rows(_:in:from:limit:)`: the scope's range of its index, walked from the
    /// keyset's place one way or the other; nil for a scope not listed in the library's order.
    static func scopeQuery(_ scope: ListScope, from keyset: Keyset<PagePosition>, limit: Int) -> (String, StatementArguments)? {
        guard let range = keysetRange(scope) else { return nil }
        var conditions = range.condition.map { [$0] } ?? []
        var arguments = StatementArguments(range.values)
        if let place = keyset.place {
            conditions.append("(title.sort_key, title.id) \(keyset.comparison) (?, ?)")
            arguments += [place.sortKey, place.id]
        }
        arguments += [limit]
        let sql = "SELECT \(TitleRow.columns) FROM title \(range.index.map { "INDEXED BY \($0) " } ?? "")"
            + (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") + " ")
            + "ORDER BY title.sort_key\(keyset.direction), title.id\(keyset.direction) LIMIT ?"
        return (sql, arguments)
    }

    /// A page read forward after `after` out of `rows` (one more than `limit` when rows follow
    /// it): `next` after its last title, and, unless it starts the list, `previous` before its
    /// first. `rowsRead` keeps what the server needs of the page's rows.
    static func page(_ rows: [Row], limit: Int, after: PagePosition?, rowsRead: PageRowsRead? = nil) -> Page {
        rowsRead?.take(rows.prefix(limit))
        let items = rows.prefix(limit).map(TitleRow.title(from:))
        let next = rows.count > limit ? PageCursor.token(TitleRow.position(of: rows[limit - 1]).token) : nil
        let previous = after != nil ? rows.first.map { Keyset<PagePosition>.before(TitleRow.position(of: $0)).cursor } : nil
        return Page(items: items, next: next, previous: previous)
    }

    /// Up to `limit` shows after `after` (a position whose sort key ends a show's range), each
    /// counted in its range of `title_episodes` (index only), then what was watched of them
    /// (`progress(ofShows:in:)`).
    private func showsPage(after: PagePosition?, limit: Int, in db: Database) throws -> Page {
        let first = try db.cachedStatement(sql: """
            SELECT show, sort_key FROM title INDEXED BY title_episodes
            WHERE show IS NOT NULL AND sort_key >= ? ORDER BY sort_key, id LIMIT 1
            """)
        let counts = try db.cachedStatement(sql: Self.showCountsSQL)
        var shows: [(name: String, range: (start: String, end: String), episodes: Int, seasons: Int, year: Int?)] = []
        var next: PageCursor?
        var from = after?.sortKey ?? "1"
        while let row = try Row.fetchOne(first, arguments: [from]) {
            if shows.count == limit {
                next = .token(PagePosition(sortKey: from, id: 0).token)
                break
            }
            let show: String = row[0]
            let range = Self.episodeRange(of: show, season: nil)
            let count = try Row.fetchOne(counts, arguments: [range.start, range.end])
            shows.append((show, range, count?[0] ?? 0, count?[1] ?? 0, count?[2]))
            from = range.end
        }
        let progress = try Self.progress(ofShows: shows.map { ($0.range, $0.episodes) }, in: db)
        let items = shows.enumerated().map { index, show in
            let group = TitleGroup.show(show.name, seasons: show.seasons, episodes: show.episodes, progress: progress[index])
            // The genre column says how many seasons the show has (the length column, episodes).
            return Title(id: "show\u{1}" + show.name, title: show.name, year: show.year ?? 0, genre: group.seasonsText, duration: 0,
                         introStart: 0, introEnd: 0, creditsStart: 0, group: group)
        }
        return Page(items: items, next: next)
    }

    /// What was watched of each show (its range of sort keys, its episodes), counted the
    /// cheaper way: from the watch marks to their titles when there are fewer marks than
    /// episodes on the page (one query over the page's range; a history of 40 marks costs 40
    /// lookups, not the 5,000 episodes of 50 shows), else from each show's episodes to their
    /// marks (`progressColumns`). At a million titles the first costs 0.1 ms a page of shows,
    /// the second 20 ms.
    /// (`fromMarks` chooses the way, for tests.)
    static func progress(ofShows shows: [(range: (start: String, end: String), episodes: Int)], in db: Database,
                         fromMarks: Bool? = nil) throws -> [GroupProgress] {
        guard let first = shows.first, let last = shows.last else { return [] }
        var progress = Array(repeating: GroupProgress(), count: shows.count)
        let isFromMarks = try fromMarks ?? {
            let marks = try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM watch_state")) ?? 0
            return marks <= shows.reduce(0) { $0 + $1.episodes }
        }()
        if isFromMarks {
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT title.sort_key, watch_state.watched, watch_state.position
                FROM watch_state CROSS JOIN title ON title.key = watch_state.key
                WHERE title.show IS NOT NULL AND title.sort_key >= ? AND title.sort_key < ?
                    AND (watch_state.watched OR watch_state.position > 0)
                """), arguments: [first.range.start, last.range.end])
            for row in rows {
                let sortKey: String = row[0]
                // The show whose range holds it: the last starting at or before it.
                var low = 0, high = shows.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if shows[middle].range.start <= sortKey { low = middle } else { high = middle - 1 }
                }
                guard sortKey >= shows[low].range.start, sortKey < shows[low].range.end else { continue }
                let watched: Bool = row[1]
                if watched { progress[low].watched += 1 } else { progress[low].inProgress += 1 }
            }
        } else {
            let statement = try db.cachedStatement(sql: """
                SELECT \(progressColumns) FROM title INDEXED BY title_episodes LEFT JOIN watch_state ON watch_state.key = title.key
                WHERE title.show IS NOT NULL AND title.sort_key >= ? AND title.sort_key < ?
                """)
            for (index, show) in shows.enumerated() {
                let row = try Row.fetchOne(statement, arguments: [show.range.start, show.range.end])
                progress[index] = GroupProgress(watched: row?[0] ?? 0, inProgress: row?[1] ?? 0)
            }
        }
        return progress
    }

    /// A show's seasons, all in one page (a show has few).
    private func seasonsPage(of show: String, in db: Database) throws -> Page {
        let prefix = Self.showPrefix(show)
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT coalesce(title.season, 0) AS number, count(*), min(title.year), \(Self.progressColumns)
            FROM title INDEXED BY title_episodes LEFT JOIN watch_state ON watch_state.key = title.key
            WHERE title.show IS NOT NULL AND title.sort_key >= ? AND title.sort_key < ? GROUP BY number ORDER BY number
            """), arguments: [prefix, String(prefix.dropLast()) + "\u{2}"])
        let items = rows.map { row -> Title in
            let season: Int = row[0]
            let episodes: Int = row[1]
            let year: Int? = row[2]
            let group = TitleGroup.season(show: show, season, episodes: episodes,
                                          progress: GroupProgress(watched: row[3], inProgress: row[4]))
            return Title(id: "season\u{1}" + show + "\u{1}" + String(season), title: season == 0 ? "Episodes" : "Season \(season)",
                         year: year ?? 0, genre: group.seasonsText, duration: 0, introStart: 0, introEnd: 0, creditsStart: 0,
                         group: group)
        }
        return Page(items: items, next: nil)
    }
}
