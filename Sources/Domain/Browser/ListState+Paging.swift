import Catalog

// Loading pages: each page is requested once, an answer counts only if it is for the page
// requested now, a failure stops loading until a retry, and the end stops it for good.
//
// A list whose provider says where its last page is (`Page.last`) can be entered from its end:
// End asks for that page alone, and the titles before it come page by page as the selection
// goes up (`previousCursor`), or all at once from the start on Home.
extension ListState {
    /// What the page to load is for.
    enum PageKind {
        /// A reload of what is loaded (`refreshSize`).
        case refresh
        /// The last page, which the selection waits for at the real end.
        case last
        /// The first page, which the selection waits for at the real start.
        case first
        /// The page before the first loaded title.
        case earlier
        /// The page after the last loaded title.
        case next
    }

    /// What the page to load now is for, and where it starts; nil when none is wanted.
    var pageWanted: (kind: PageKind, cursor: PageCursor)? {
        if refreshSize != nil { return (.refresh, refreshCursor) }
        if let target = pendingMove?.target {
            if target == .max, isPageRequested, hasMore, let lastCursor { return (.last, lastCursor) }
            if target == .min, isEarlierPageRequested, hasEarlier { return (.first, .start) }
        }
        if isEarlierPageRequested, let previousCursor { return (.earlier, previousCursor) }
        if isPageRequested, let nextCursor { return (.next, nextCursor) }
        return nil
    }

    mutating func requestPageIfNeeded() {
        guard !hasFailed else { return }
        if !isPageRequested, hasMore, needsMoreItems { isPageRequested = true }
        if !isEarlierPageRequested, hasEarlier, needsEarlierItems { isEarlierPageRequested = true }
    }

    mutating func receive(_ page: Page, for request: PageRequest) {
        // An answer for an old query or an earlier page is stale: the list has moved on.
        guard request == pageToLoad, let kind = pageWanted?.kind else { return }
        if let last = page.last { lastCursor = last }
        if let count = page.total { total = count }
        switch kind {
        case .refresh:
            replace(with: page, readFrom: request.cursor)
        case .last:
            receiveLast(page)
        case .first:
            // The list from its first page again (Home from a list entered from its end).
            replaceItems(with: page, readFrom: .start)
            selection = 0
            scrollOffset = 0
        case .earlier:
            let count = page.items.count
            previousCursor = page.previous == request.cursor ? nil : page.previous
            prependPage(page, previous: previousCursor)
            firstIndex = previousCursor == nil ? 0 : max(0, firstIndex - count)
            // The same titles stay on the same rows, unless fewer than a screen were loaded:
            // then the titles before them fill the screen above them.
            selection += count
            scrollOffset += count
            keepSelectionVisible()
            isEarlierPageRequested = false
            if let target = pendingMove?.target, target != .max, target != .min { pendingMove?.target = target + count }
        case .next:
            // A provider that points back at the page it just gave would make us ask forever.
            nextCursor = page.next == request.cursor ? nil : page.next
            appendPage(page, readFrom: request.cursor, next: nextCursor)
            isPageRequested = false
        }
        continuePendingMove()
        refreshIfDue()
    }

    /// The last page arrived: the list is its titles, from the position the total gives, unless
    /// they join the titles loaded (the end was near): then they are added and nothing is lost.
    private mutating func receiveLast(_ page: Page) {
        let loadedEnd = loadedEnd
        if let total = page.total, case let start = total - page.items.count, start >= firstIndex, start <= loadedEnd {
            let rest = Page(items: Array(page.items.dropFirst(loadedEnd - start)), next: nil)
            appendPage(rest, readFrom: nextCursor, next: nil)
            nextCursor = nil
            isPageRequested = false
            return
        }
        replaceItems(with: page, readFrom: nil)
        selection = 0
        scrollOffset = 0
    }

    /// The loaded titles become `page`'s, nothing loading: read forward from the list's start,
    /// or, when it has titles before it (`previous`), at `position` in the whole list if that is
    /// known, else (entered from the end) at the place its `total` gives. `cursor` is where the
    /// page was read forward from; nil for a page read backward. The caller places the selection.
    mutating func replaceItems(with page: Page, readFrom cursor: PageCursor?, position: Int? = nil) {
        items.removeAll()
        pageEnds.removeAll()
        nextCursor = page.next == .start ? nil : page.next
        previousCursor = page.previous
        firstIndex = previousCursor == nil ? 0 : max(0, position ?? ((page.total ?? page.items.count) - page.items.count))
        // A page with nothing before it is the list's start, however it was asked for.
        appendPage(page, readFrom: previousCursor == nil ? .start : cursor, next: nextCursor)
        isPageRequested = false
        isEarlierPageRequested = false
    }

    mutating func fail(_ message: String, for request: PageRequest) {
        guard request == pageToLoad else { return }
        // A failed reload keeps what is shown; the next change tries again.
        if refreshSize != nil {
            refreshSize = nil
            refreshStart = nil
            refreshEnd = nil
        } else {
            lastError = message
            isPageRequested = false
            isEarlierPageRequested = false
        }
        refreshIfDue()
    }

    mutating func retry() {
        lastError = nil
    }

    /// Starts over for a new query: nothing loaded, first page next, selection at the top.
    mutating func resetPaging() {
        restore(SavedList(items: ChunkedList(), nextCursor: .start, selection: 0, scrollOffset: 0))
    }

    /// The loaded titles and the place in them, to give back later (`restore`): stale if a
    /// reload was due or on its way, so that the change is not lost with the reload.
    var savedList: SavedList {
        SavedList(items: items, nextCursor: nextCursor, selection: selection, scrollOffset: scrollOffset,
                  isStale: refreshSize != nil || isRefreshDue ? true : nil,
                  previousCursor: previousCursor, lastCursor: lastCursor, firstIndex: firstIndex == 0 ? nil : firstIndex,
                  pageEnds: pageEnds, total: total)
    }

    /// Back to a list put aside: same titles, same selection on the same row (if the viewport
    /// still has it); nothing loading, unless the catalog changed while it was put aside:
    /// then it is loaded again.
    mutating func restore(_ saved: SavedList) {
        items = saved.items
        nextCursor = saved.nextCursor
        previousCursor = saved.previousCursor
        lastCursor = saved.lastCursor
        firstIndex = saved.firstIndex ?? 0
        total = saved.total
        // A list saved before pages were let go of: none of its pages is, but the first of a list
        // read from its start is read again from there.
        pageEnds = saved.pageEnds ?? items.chunks.indices.map { $0 == 0 && previousCursor == nil ? PageEnds(start: .start) : PageEnds() }
        isPageRequested = false
        isEarlierPageRequested = false
        refreshSize = nil
        refreshStart = nil
        refreshEnd = nil
        isRefreshDue = false
        lastError = nil
        pendingMove = nil
        selection = saved.selection
        scrollOffset = saved.scrollOffset
        keepSelectionVisible()
        if saved.isStale == true { refresh() }
    }
}
