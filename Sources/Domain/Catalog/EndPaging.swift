/// Paging from the end of a list a provider holds in order and can count (an array, the
/// embedded catalog): the cursors of the last page (`last`) and of the pages before it
/// (`previous`), as tokens the provider alone hands out, and the pages they ask for. A page read
/// backward gives in `next` the offset after it (`PageCursor.offset`, the provider's forward
/// cursor), and a page read forward from an offset the cursor before it (`forwardPage`).
///
///     if let page = EndPaging.page(request.cursor, count: titles.count, pageSize: 50, title: { titles[$0] }) {
///         return page   // the cursor was one of ours: the last page, or one before it
///     }
package enum EndPaging {
    /// The cursor of the last page of the list.
    package static let last = PageCursor.token("end")

    /// The cursor of the page just before position `index`.
    static func before(_ index: Int) -> PageCursor { .token("before." + String(index)) }

    /// Where the page `cursor` asks for ends (exclusive), or nil when it is not one of these
    /// cursors; the last page ends at `count`. A position past `count` is refused.
    static func end(of cursor: PageCursor, count: Int) throws(CatalogError) -> Int? {
        guard case .token(let token) = cursor else { return nil }
        if cursor == last { return count }
        guard token.hasPrefix("before."), let index = Int(token.dropFirst("before.".count)), index >= 1, index <= count else {
            throw .unknownCursor(cursor)
        }
        return index
    }

    /// The page `cursor` asks for, when it is `last` or a `previous` cursor: the `pageSize`
    /// titles before its end, with the whole list's count; nil for any other cursor.
    package static func page(_ cursor: PageCursor, count: Int, pageSize: Int, title: (Int) -> Title) throws(CatalogError) -> Page? {
        guard let end = try end(of: cursor, count: count) else { return nil }
        let start = max(0, end - max(1, pageSize))
        return Page(items: (start ..< end).map(title), next: end < count ? .offset(end) : nil,
                    previous: start > 0 ? before(start) : nil, last: last, total: count)
    }

    /// The page of `pageSize` titles from position `start` read forward: `next` the offset after
    /// it, `previous` the cursor before it (nil at the start), and `last`; with the count when
    /// the request `counts`.
    package static func forwardPage(from start: Int, count: Int, pageSize: Int, counts: Bool = false, title: (Int) -> Title) -> Page {
        let start = min(max(0, start), count)
        let end = min(count, start + max(1, pageSize))
        return Page(items: (start ..< end).map(title), next: end < count ? .offset(end) : nil,
                    previous: start > 0 && start < end ? before(start) : nil, last: end < count ? last : nil,
                    total: counts ? count : nil)
    }
}
