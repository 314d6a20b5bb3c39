/// A request for one page of titles matching `query`.
///
/// Two requests are equal when they ask for the same page of the same search, which is how a
/// browser tells a current answer from a stale one.
package struct PageRequest: Equatable, Hashable, Sendable, Codable {
    /// What to search for; empty means the whole scope. A search looks in the whole catalog.
    package var query: String
    /// Which titles the list shows when it does not search.
    package var scope: ListScope
    package var cursor: PageCursor
    /// The most titles the page may hold (at least 1).
    package var pageSize: Int
    /// Tells apart two requests for the same page made one after the other (a reload asked
    /// for while the same reload was on its way): a feedback keyed by the request starts the
    /// second, and an answer to the first does not count for it. Providers ignore it.
    package var generation: Int
    /// The order of a view's titles (`ListOrder`); a search lists by title.
    package var order: ListOrder
    /// Which of a view's titles show; a search looks in every title.
    package var filter: ListFilter
    /// Whether the page should also say how many titles the whole list has (`Page.total`), as a
    /// last page does: asked by a reload, which forgets the count it had (the catalog changed).
    /// A provider that cannot count a list cheaply may leave it out.
    package var counts: Bool

    package init(query: String = "", scope: ListScope = .all, cursor: PageCursor = .start, pageSize: Int, generation: Int = 0,
                 order: ListOrder = .title, filter: ListFilter = ListFilter(), counts: Bool = false) {
        self.query = query
        self.scope = scope
        self.order = order
        self.filter = filter
        self.cursor = cursor
        self.pageSize = max(1, pageSize)
        self.generation = generation
        self.counts = counts
    }

    private enum CodingKeys: String, CodingKey {
        case query, scope, cursor, pageSize, generation, order, filter, counts
    }

    /// Requests journaled before `scope`, `generation`, `order`, `filter` and `counts` existed decode with the defaults.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        query = try container.decode(String.self, forKey: .query)
        scope = try container.decodeIfPresent(ListScope.self, forKey: .scope) ?? .all
        cursor = try container.decode(PageCursor.self, forKey: .cursor)
        pageSize = try container.decode(Int.self, forKey: .pageSize)
        generation = try container.decodeIfPresent(Int.self, forKey: .generation) ?? 0
        order = try container.decodeIfPresent(ListOrder.self, forKey: .order) ?? .title
        filter = try container.decodeIfPresent(ListFilter.self, forKey: .filter) ?? ListFilter()
        counts = try container.decodeIfPresent(Bool.self, forKey: .counts) ?? false
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        if scope != .all { try container.encode(scope, forKey: .scope) }
        try container.encode(cursor, forKey: .cursor)
        try container.encode(pageSize, forKey: .pageSize)
        if generation != 0 { try container.encode(generation, forKey: .generation) }
        if order != .title { try container.encode(order, forKey: .order) }
        if !filter.isEmpty { try container.encode(filter, forKey: .filter) }
        if counts { try container.encode(counts, forKey: .counts) }
    }

    /// Whether the order and the filter apply: a view of titles (the whole library, its films, a
    /// folder) without a search.
    package var isOrdered: Bool { Self.isOrdered(query: query, scope: scope) }

    /// Whether a list of `query` in `scope` is ordered and filtered: a view without a search.
    package static func isOrdered(query: String, scope: ListScope) -> Bool {
        guard query.allSatisfy(\.isWhitespace) else { return false }
        switch scope {
        case .all, .films, .folder: return true
        case .home, .shows, .show, .season: return false
        }
    }
}
