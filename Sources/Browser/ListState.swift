import Catalog

/// Everything the catalog browser shows and knows: the loaded titles and where the next page
/// starts, whether a page is loading or failed, the search, the selection and scroll position,
/// and the open detail. A value: the reducer (`ListState.reduce`) is the only thing that changes
/// it, and state queries (`pageToLoad`, `visibleRange`, …) say what to do and draw.
///
///     var state = ListState(pageSize: 50)
///     state.pageToLoad                      // the first page: load it
///     ListState.reduce(&state, .pageLoaded(page, for: request))
public struct ListState: Equatable, Sendable {
    /// How many titles to ask for per page.
    public let pageSize: Int
    /// The next page is wanted when the selection comes within this many items of the last
    /// loaded one, or within a viewport if that is taller, so that the screen never runs dry.
    public let prefetchDistance: Int

    /// The titles loaded so far for `query`, page by page.
    public internal(set) var items = ChunkedList<Title>()
    /// Where the next page starts; nil once the catalog has said there is no more.
    public internal(set) var nextCursor: PageCursor? = .start
    /// Whether the next page has been asked for and not yet answered. Set once per page and kept
    /// until the answer comes, however the selection moves meanwhile, so a page loads once.
    public internal(set) var isPageRequested = false
    /// Why the last page failed, for the user; loading stays stopped until a retry.
    public internal(set) var lastError: String?

    /// The applied search; empty shows the whole catalog.
    public internal(set) var query = ""
    /// The query being typed while the query line is open; nil when it is closed.
    public internal(set) var searchDraft: String?

    /// The index of the selected item; 0 when the list is empty.
    public internal(set) var selection = 0
    /// The index of the item on the list's first row.
    public internal(set) var scrollOffset = 0
    /// How many rows the list has on screen; 0 until the screen is laid out.
    public internal(set) var viewportRows: Int

    /// The title whose detail is open, if any. Kept whole, so it survives a reset of the list.
    public internal(set) var detail: Title?

    public init(pageSize: Int = 50, prefetchDistance: Int = 10, viewportRows: Int = 0) {
        self.pageSize = max(1, pageSize)
        self.prefetchDistance = max(1, prefetchDistance)
        self.viewportRows = max(0, viewportRows)
        requestPageIfNeeded()
    }
}
