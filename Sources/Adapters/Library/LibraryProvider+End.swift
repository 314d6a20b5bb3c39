import Catalog
import Foundation
import GRDB

/// Paging a list from its end (`Page.last`, `Page.previous`), so that going to the end of a
/// million titles reads one page, not every page: the whole library, its films, a season and a
/// folder (here), and the views in an order (`orderedPage`). Every forward page of these lists
/// gives the list's `last` cursor (`L1.end`); the last page is the list's index walked backward
/// from its end (`ORDER BY sort_key DESC, id DESC LIMIT n`, turned round), counted in `total`;
/// each page read backward gives in `previous` the place before its first row
/// (`L1.before.<row>`), from which the page before it is walked the same way, and in `next` the
/// place after its last row; each page read forward after the start gives its `previous` too.
/// A search's matches are read from their end the same way (`LibraryProvider.searchPage`: each
/// path walks or sorts the other way), its last page counting them. Shows, a show's seasons and
/// Home give no `last`, and refuse these cursors.
///
/// A folder's list starts with its Home rows (`folderHomeTop`) either way: on its first page
/// read forward, and on the page read backward that reaches its first title; its count has them.
///
///     let first = try await provider.page(PageRequest(scope: .films, pageSize: 50))
///     let tail = try await provider.page(PageRequest(scope: .films, cursor: first.last!, pageSize: 50))
///     let before = try await provider.page(PageRequest(scope: .films, cursor: tail.previous!, pageSize: 50))
extension LibraryProvider {
    /// Whether the list `request` asks for, without a search, can be read from its end: a scope
    /// listed in the library's order (`keysetRange`: not Home, shows or a show's seasons).
    /// (The views in another order or filtered, all of these scopes, always can; so can a search.)
    static func readsFromTheEnd(_ request: PageRequest) -> Bool {
        request.query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && keysetRange(request.scope) != nil
    }

    /// Whether `cursor` is one of this library's cursors of a page read backward (a list's last
    /// page, or a page before a row); false for the start, a forward page's cursor, or anything
    /// else. The server gives these in other links than `next`'s (`before=`, not `after=`).
    package static func readsBackward(_ cursor: PageCursor) -> Bool {
        if let keyset = try? Keyset<PagePosition>(cursor) { return keyset.isBackward }
        for order in ListOrder.allCases {
            if let keyset = try? Keyset<OrderedPosition>(cursor, order: order) { return keyset.isBackward }
        }
        return false
    }

    /// The page of `scope` read backward from `keyset` (its end, or before a row): the `limit`
    /// rows before it, in the list's order; the last page, or one that `counts`, with the list's count.
    func backwardPage(_ scope: ListScope, from keyset: Keyset<PagePosition>, limit: Int, counts: Bool = false,
                      in db: Database, rowsRead: PageRowsRead? = nil) throws -> Page {
        let rows = try rows(db, in: scope, from: keyset, limit: limit + 1)
        let total = keyset.place == nil || counts ? try Self.count(scope, in: db) : nil
        var page = Self.backwardPage(rows, limit: limit, last: Keyset<PagePosition>.before(nil).cursor, total: total,
                                     endsList: keyset.place == nil, rowsRead: rowsRead) {
            Keyset.before(TitleRow.position(of: $0)).cursor
        } after: {
            Keyset.after(TitleRow.position(of: $0)).cursor
        }
        // A folder's Home rows come first in its list, as its first page read forward has them.
        if case .folder(let path) = scope, page.previous == nil || total != nil {
            let home = try folderHomeTop(below: path, in: db)
            if page.previous == nil { page.items = home + page.items }
            page.total = total.map { $0 + home.count }
        }
        return page
    }

    /// A page out of `rows` read backward (last first, one more than `limit` when there are
    /// rows before the page): its titles in the list's order; `previous`, the cursor before its
    /// first one (`before`), when there are rows before it; and `next`, the cursor after its last
    /// one (`after`), unless it `endsList` (the last page). `rowsRead` keeps what the server
    /// needs of the page's rows.
    static func backwardPage(_ rows: [Row], limit: Int, last: PageCursor, total: Int?, endsList: Bool,
                             rowsRead: PageRowsRead? = nil,
                             before: (Row) -> PageCursor, after: (Row) -> PageCursor) -> Page {
        rowsRead?.take(rows.prefix(limit))
        let previous = rows.count > limit ? before(rows[limit - 1]) : nil
        let next = endsList ? nil : rows.first.map(after)
        return Page(items: rows.prefix(limit).reversed().map(TitleRow.title(from:)), next: next, previous: previous, last: last,
                    total: total)
    }
}
