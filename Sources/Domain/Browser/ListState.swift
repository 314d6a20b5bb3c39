import Catalog

/// Everything the catalog browser shows and knows: the loaded titles and where the next page
/// starts, whether a page is loading or failed, the search, the selection and scroll position
/// (and a move still waiting for pages), and the open detail. A value: the reducer (`ListState.reduce`) is the only thing that changes
/// it, and state queries (`pageToLoad`, `visibleRange`, …) say what to do and draw.
///
///     var state = ListState(pageSize: 50)
///     state.pageToLoad                      // the first page: load it
///     ListState.reduce(&state, .pageLoaded(page, for: request))
package struct ListState: Equatable, Sendable, Codable {
    /// How many titles to ask for per page.
    package let pageSize: Int
    /// The next page is wanted when the selection comes within this many items of the last
    /// loaded one, or within a viewport if that is taller, so that the screen never runs dry.
    package let prefetchDistance: Int

    /// The most titles kept loaded where the provider can give back the pages let go of
    /// (`ListState+Window`): a list paged far keeps about this many around the selection.
    package internal(set) var maximumLoaded: Int

    /// The titles loaded for `query`, page by page: from the list's start, or a window of it
    /// (`firstIndex`).
    package internal(set) var items = ChunkedList<Title>()
    /// For each loaded page (each chunk of `items`), where the titles either side of it are
    /// asked for and where it is read again.
    package internal(set) var pageEnds: [PageEnds] = []
    /// Where the next page starts; nil once the catalog has said there is no more.
    package internal(set) var nextCursor: PageCursor? = .start
    /// Where the titles before the loaded ones are asked for: the list was entered from its end
    /// (`G` on a provider that gives `Page.last`) and has not reached its start. Nil when the
    /// loaded titles start the list.
    package internal(set) var previousCursor: PageCursor?
    /// Where the list's last page is asked for, when the provider says (`Page.last`): `G` goes
    /// there directly instead of loading every page on the way.
    package internal(set) var lastCursor: PageCursor?
    /// The position in the whole list of the first loaded title: 0, unless the list was entered
    /// from its end and not read back to its start, or let go of its first pages.
    package internal(set) var firstIndex = 0
    /// How many titles the whole list has, when a page said so (`Page.total`) since the catalog
    /// last changed, and it agrees with the titles loaded; nil otherwise. Kept when the list's
    /// last pages are let go of, so the footer still counts the whole list.
    package internal(set) var total: Int?
    /// Whether the page before the loaded titles has been asked for and not yet answered (the
    /// selection came near the first loaded title while earlier ones exist).
    package internal(set) var isEarlierPageRequested = false
    /// Whether the next page has been asked for and not yet answered. Set once per page and kept
    /// until the answer comes, however the selection moves meanwhile, so a page loads once.
    package internal(set) var isPageRequested = false
    /// While the loaded titles are being loaded again (`catalogChanged`), how many the one
    /// request asks for; the answer replaces the list rather than adding to it.
    package internal(set) var refreshSize: Int?
    /// Where in the loaded titles that reload reads from: the first title of a loaded page whose
    /// place is known (`PageEnds.start`). Nil, with no `refreshEnd`: from the list's start, or,
    /// for a list entered from its end, from its end.
    package internal(set) var refreshStart: Int?
    /// Where in the loaded titles a reload read backward ends (exclusive): the first title of a
    /// loaded page that says where the titles before it are (`PageEnds.before`), or the loaded
    /// titles' count when they reach the list's end. Set instead of `refreshStart` when no page
    /// at or before the selection can be read again forward (a list entered from its end).
    package internal(set) var refreshEnd: Int?
    /// Counts the reloads: each one's request differs from the one before (`PageRequest.generation`).
    package internal(set) var refreshCount = 0
    /// The catalog changed while a request was on its way: load again once it is answered.
    package internal(set) var isRefreshDue = false
    /// Why the last page failed, for the user; loading stays stopped until a retry.
    package internal(set) var lastError: String?

    /// Which titles the list shows when it does not search (all, films, shows, a show's
    /// seasons, a season's episodes).
    package internal(set) var scope: ListScope = .all
    /// The places above the scope shown: Enter on a show pushed the Shows list, on a season the
    /// show's; Esc gives each back as it was (same titles, same selection on the same row).
    package internal(set) var scopeTrail: [ScopePlace] = []

    /// The applied search; empty shows the whole catalog. While the query line is open it
    /// follows every key typed (filter as you type).
    package internal(set) var query = ""
    /// Whether the query line is open (`/`).
    package internal(set) var isSearchOpen = false
    /// The whole catalog's list as it was when a search started, given back when the search is
    /// cleared so the user is where they were (same title, same row). Nil while no query applies.
    package internal(set) var unfiltered: SavedList?

    /// The index of the selected item; 0 when the list is empty.
    package internal(set) var selection = 0
    /// The index of the item on the list's first row.
    package internal(set) var scrollOffset = 0
    /// How many rows the list has on screen; 0 until the screen is laid out.
    package internal(set) var viewportRows: Int
    /// How many titles a row holds when the list is laid out as a grid (`layoutChanged`); nil
    /// for one a row. Kept in step with `columns`.
    var gridColumns: Int?
    /// Where a move asked the selection to go that is past the loaded titles (End, Down or
    /// PageDown at the end while more exist): it goes on as pages arrive, so no press is lost.
    package internal(set) var pendingMove: PendingMove?

    /// The title whose detail is open, if any. Kept whole, so it survives a reset of the list.
    package internal(set) var detail: Title?

    /// The order of the views' titles (`s`), kept from view to view; a search lists by title.
    package internal(set) var order: ListOrder = .title
    /// Which of the views' titles show (`f`), kept from view to view; a search looks in all.
    package internal(set) var filter = ListFilter()

    /// The most titles a list keeps loaded, by default (about 1.5 MB of titles).
    package static let defaultMaximumLoaded = 5_000

    package init(pageSize: Int = 50, prefetchDistance: Int = 10, viewportRows: Int = 0,
                 maximumLoaded: Int = ListState.defaultMaximumLoaded) {
        self.pageSize = max(1, pageSize)
        self.prefetchDistance = max(1, prefetchDistance)
        self.maximumLoaded = max(1, maximumLoaded)
        self.viewportRows = max(0, viewportRows)
        requestPageIfNeeded()
    }
}

/// A move that reaches past the loaded titles: the index it wants (`Int.max`: the real end;
/// `Int.min`: the real start; below 0: before the first loaded title) and the screen row to
/// show it on (nil: scroll as little as needed).
package struct PendingMove: Equatable, Sendable, Codable {
    package var target: Int
    package var row: Int?
}

/// A list left for a narrower scope (Enter on a show), given back by Esc.
package struct ScopePlace: Equatable, Sendable, Codable {
    package var scope: ListScope
    var list: SavedList
}

/// The loaded titles and place in them, kept while a search shows something else.
package struct SavedList: Equatable, Sendable, Codable {
    var items: ChunkedList<Title>
    var nextCursor: PageCursor?
    var selection: Int
    var scrollOffset: Int
    /// The catalog changed while the list was put aside: it is loaded again when given back.
    var isStale: Bool? = nil
    /// Where the list was entered from its end: `ListState.previousCursor`, `.lastCursor`, `.firstIndex`.
    var previousCursor: PageCursor? = nil
    var lastCursor: PageCursor? = nil
    var firstIndex: Int? = nil
    /// `ListState.pageEnds`; nil in lists saved before pages were let go of (none is then).
    var pageEnds: [PageEnds]? = nil
    var total: Int? = nil
}
