import Catalog
import Foundation
import GRDB

/// The pages of a view in another order than by title, or filtered by genre or decade
/// (`PageRequest.order`, `.filter`), by keyset like every page: each order has an index whose
/// first column is the expression it orders by (`LibrarySchema.v5`), so the millionth title
/// costs what the first does. A token carries the last row's place: the order's value, its
/// sort key and its id (`OrderedPosition`).
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
        let (conditions, arguments) = Self.viewConditions(scope: scope, filter: filter, order: .year)
        let sql = "SELECT count(*) FROM title" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        return try await database.read { db in try Int.fetchOne(db, sql: sql, arguments: arguments) ?? 0 }
    }

    func orderedPage(_ request: PageRequest, in db: Database) throws -> Page {
        let order = request.order
        var (conditions, arguments) = Self.viewConditions(scope: request.scope, filter: request.filter, order: order)
        let expression = Self.orderExpression(order)
        if case .token(let token) = request.cursor {
            guard let after = OrderedPosition(token: token), after.order == order else {
                throw CatalogError.unknownCursor(request.cursor)
            }
            if order == .added {
                conditions.append("title.id < ?")
                arguments += [after.id]
            } else if let expression {
                conditions.append("(\(expression), title.sort_key, title.id) > (?, ?, ?)")
                arguments += [after.value, after.sortKey, after.id]
            } else {
                conditions.append("(title.sort_key, title.id) > (?, ?)")
                arguments += [after.sortKey, after.id]
            }
        } else if request.cursor != .start {
            throw CatalogError.unknownCursor(request.cursor)
        }
        let orderBy = order == .added ? "title.id DESC"
            : expression.map { "\($0), title.sort_key, title.id" } ?? "title.sort_key, title.id"
        // The genre index when a genre is asked for in the title order: its range is the page.
        let index = order == .title && request.filter.genre != nil ? "INDEXED BY title_by_genre " : ""
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        let limit = request.pageSize
        arguments += [limit + 1]
        let sql = "SELECT \(TitleRow.columns), \(expression ?? "0") FROM title \(index)\(filter) ORDER BY \(orderBy) LIMIT ?"
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
        let items = rows.prefix(limit).map(TitleRow.title(from:))
        var next: PageCursor?
        if rows.count > limit {
            let last = rows[limit - 1]
            let place = TitleRow.position(of: last)
            let value: Double = last[TitleRow.columnCount] ?? 0
            next = .token(OrderedPosition(order: order, value: value, sortKey: place.sortKey, id: place.id).token)
        }
        return Page(items: items, next: next)
    }

    /// The library's genres (as first written, one per spelling ignoring case) and decades
    /// (newest first), each found by a seek in its index: as many seeks as there are genres
    /// and decades, whatever the library's size.
    package func facets() async throws -> ListFacets {
        try await database.read { db in
            var genres: [String] = []
            let nextGenre = try db.cachedStatement(sql: """
                SELECT genre FROM title INDEXED BY title_by_genre WHERE genre > ? COLLATE NOCASE AND genre <> ''
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
}
