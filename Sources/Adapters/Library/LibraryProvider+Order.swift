import Catalog
import Foundation
import GRDB

/// The pages of a view in another order than by title, or filtered by genre or decade
/// (`PageRequest.order`, `.filter`), by keyset like every page: each order has an index whose
/// first column is the expression it orders by (`LibrarySchema.v5`), so the millionth title
/// costs what the first does. A token carries the last row's place: the order's value, its
/// sort key and its id (`OrderedPosition`). Read backward from the view's end, a page walks the
/// same index the other way (`Keyset`). Until those indexes are built after a catalog's import
/// (`LibraryDatabase.buildPendingIndexes`), the same queries scan the titles instead.
extension LibraryProvider {
    /// The expression an order sorts by before `(sort_key, id)`; nil for the title order and
    /// for date added (the id itself, newest first).
    static func orderExpression(_ order: ListOrder) -> String? {
        switch order {
        case .title, .added: nil
        case .year: "-coalesce(title.year, 0)"
        case .length: "coalesce(title.duration, 1e18)"
        }
    }

    /// The conditions of a view's rows: its scope's (films, a folder) and its filter's.
    static func viewConditions(scope: ListScope, filter: ListFilter, order: ListOrder) -> ([String], StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        switch scope {
        case .films: conditions.append("title.show IS NULL")
        case .folder(let path):
            let (start, end) = pathRange(below: path)
            conditions.append("title.path >= ? AND title.path < ?")
            arguments += [start, end]
        default: break
        }
        if let genre = filter.genre {
            conditions.append("title.genre = ? COLLATE NOCASE")
            arguments += [genre]
        }
        if let decade = filter.decade {
            if order == .year {
                // A range of the year index.
                conditions.append("-coalesce(title.year, 0) >= ? AND -coalesce(title.year, 0) <= ?")
                arguments += [-(decade + 9), -decade]
            } else {
                conditions.append("title.year >= ? AND title.year < ?")
                arguments += [decade, decade + 10]
            }
        }
        return (conditions, arguments)
    }

    /// How many titles a filtered view has (for the server's totals).
    package func count(_ scope: ListScope, filter: ListFilter) async throws -> Int {
        try await database.read { db in try Self.count(scope, filter: filter, in: db) }
    }

    /// How many titles a view has (its scope's, filtered), all counted: what its rows cost to
    /// walk in the narrowest index that holds them.
    static func count(_ scope: ListScope, filter: ListFilter, in db: Database) throws -> Int {
        if filter.isEmpty, let count = try count(scope, in: db) { return count }
        let (conditions, arguments) = viewConditions(scope: scope, filter: filter, order: .year)
        let sql = "SELECT count(*) FROM title" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
    }

    /// A page of a view in an order: forward from the start or after a row, or backward from the
    /// view's end or before a row (`Keyset`), through the same index either way. Forward pages
    /// give the view's `last`; the last page counts the view.
    func orderedPage(_ request: PageRequest, in db: Database, rowsRead: PageRowsRead? = nil) throws -> Page {
        let order = request.order
        let keyset = try Keyset<OrderedPosition>(request.cursor, order: order)
        let limit = request.pageSize
        let genreIndex = try request.filter.genre != nil && LibraryDatabase.hasIndex("title_by_genre", in: db)
        let (sql, arguments) = Self.orderedQuery(request, from: keyset, limit: limit + 1, genreIndex: genreIndex)
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        func place(of row: Row) -> OrderedPosition {
            let position = TitleRow.position(of: row)
            return OrderedPosition(order: order, value: row[TitleRow.columnCount] ?? 0, sortKey: position.sortKey, id: position.id)
        }
        let last = Keyset<OrderedPosition>.before(nil).cursor(order: order)
        // The view's count: on its last page, and on any page a reload asks it of.
        let total = (keyset.isBackward && keyset.place == nil) || request.counts
            ? try Self.count(request.scope, filter: request.filter, in: db) : nil
        guard keyset.isBackward else {
            let next = rows.count > limit ? Keyset.after(place(of: rows[limit - 1])).cursor(order: order) : nil
            let previous = keyset.place != nil ? rows.first.map { Keyset.before(place(of: $0)).cursor(order: order) } : nil
            rowsRead?.take(rows.prefix(limit))
            return Page(items: rows.prefix(limit).map(TitleRow.title(from:)), next: next, previous: previous, last: last,
                        total: total)
        }
        return Self.backwardPage(rows, limit: limit, last: last, total: total, endsList: keyset.place == nil,
                                 rowsRead: rowsRead) {
            Keyset.before(place(of: $0)).cursor(order: order)
        } after: {
            Keyset.after(place(of: $0)).cursor(order: order)
        }
    }

    /// The query of a page of a view: its rows (and the order's value after them) from the
    /// keyset's place, one way or the other, `limit` at most; `genreIndex` when the genre index
    /// is there.
    static func orderedQuery(_ request: PageRequest, from keyset: Keyset<OrderedPosition>, limit: Int, genreIndex: Bool = true)
        -> (String, StatementArguments) {
        let order = request.order
        var (conditions, arguments) = viewConditions(scope: request.scope, filter: request.filter, order: order)
        let expression = orderExpression(order)
        if let place = keyset.place {
            if order == .added {
                // Newest first: the rows after a place have smaller ids.
                conditions.append("title.id \(keyset.isBackward ? ">" : "<") ?")
                arguments += [place.id]
            } else if let expression {
                conditions.append("(\(expression), title.sort_key, title.id) \(keyset.comparison) (?, ?, ?)")
                arguments += [place.value, place.sortKey, place.id]
            } else {
                conditions.append("(title.sort_key, title.id) \(keyset.comparison) (?, ?)")
                arguments += [place.sortKey, place.id]
            }
        }
        let orderBy = order == .added ? "title.id \(keyset.isBackward ? "ASC" : "DESC")"
            : ((expression.map { [$0] } ?? []) + ["title.sort_key", "title.id"]).map { $0 + keyset.direction }.joined(separator: ", ")
        // The genre index when a genre is asked for in the title order: its range is the page.
        let index = order == .title && request.filter.genre != nil && genreIndex ? "INDEXED BY title_by_genre " : ""
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments += [limit]
        return ("SELECT \(TitleRow.columns), \(expression ?? "0") FROM title \(index)\(filter) ORDER BY \(orderBy) LIMIT ?", arguments)
    }

    /// The library's genres (as first written, one per spelling ignoring case) and decades
    /// (newest first), each found by a seek in its index: as many seeks as there are genres
    /// and decades, whatever the library's size. A file that could not be read gives no genre
    /// (its `unreadable` is for searching, not a genre); the seek steps over such rows. Without
    /// the indexes (`LibraryDatabase.buildPendingIndexes`), one scan of the titles each.
    package func facets() async throws -> ListFacets {
        try await database.read { db in
            guard try LibraryDatabase.hasIndex("title_by_genre", in: db), try LibraryDatabase.hasIndex("title_by_year", in: db) else {
                return try Self.scannedFacets(db)
            }
            var genres: [String] = []
            let nextGenre = try db.cachedStatement(sql: """
                SELECT genre FROM title INDEXED BY title_by_genre
                WHERE genre > ? COLLATE NOCASE AND genre <> '' AND probe_error IS NULL
                ORDER BY genre COLLATE NOCASE LIMIT 1
                """)
            var after = ""
            while genres.count < 500, let genre = try String.fetchOne(nextGenre, arguments: [after]) {
                genres.append(genre)
                after = genre
            }
            var decades: [Int] = []
            let nextYear = try db.cachedStatement(sql: """
                SELECT -(-coalesce(year, 0)) FROM title INDEXED BY title_by_year WHERE -coalesce(year, 0) > ?
                ORDER BY -coalesce(year, 0) LIMIT 1
                """)
            var key = Int.min
            while decades.count < 200, let year = try Int.fetchOne(nextYear, arguments: [key]), year > 0 {
                let decade = year - year % 10
                decades.append(decade)
                key = -decade  // the next one is older than this decade's first year
            }
            return ListFacets(genres: genres, decades: decades)
        }
    }

    /// `facets` by scanning the titles (a million: 0.2 s for the genres, 0.1 s for the decades):
    /// each genre as first written in the genre index's order (a genre spelled several ways,
    /// ignoring case, as the first title in the list's order has it), and the decades, as many
    /// as `facets` gives.
    static func scannedFacets(_ db: Database) throws -> ListFacets {
        let genres = try String.fetchAll(db, sql: """
            WITH spelling(genre) AS (SELECT DISTINCT genre FROM title WHERE genre <> '' AND probe_error IS NULL)
            SELECT CASE WHEN count(*) = 1 THEN min(genre) ELSE (
                SELECT title.genre FROM title WHERE title.genre = spelling.genre COLLATE NOCASE AND title.probe_error IS NULL
                ORDER BY title.sort_key, title.id LIMIT 1
            ) END
            FROM spelling GROUP BY genre COLLATE NOCASE ORDER BY genre COLLATE NOCASE LIMIT 500
            """)
        let decades = try Int.fetchAll(db, sql: """
            SELECT DISTINCT year - year % 10 AS decade FROM title WHERE year > 0 ORDER BY decade DESC LIMIT 200
            """)
        return ListFacets(genres: genres, decades: decades)
    }
}
