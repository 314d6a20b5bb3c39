import Catalog

// Loading pages: each page is requested once, an answer counts only if it is for the page
// requested now, a failure stops loading until a retry, and the end stops it for good.
extension ListState {
    mutating func requestPageIfNeeded() {
        guard !isPageRequested, hasMore, !hasFailed, needsMoreItems else { return }
        isPageRequested = true
    }

    mutating func receive(_ page: Page, for request: PageRequest) {
        // An answer for an old query or an earlier page is stale: the list has moved on.
        guard request == pageToLoad else { return }
        if refreshSize != nil {
            replace(with: page)
        } else {
            items.append(contentsOf: page.items)
            // A provider that points back at the page it just gave would make us ask forever.
            nextCursor = page.next == request.cursor ? nil : page.next
            isPageRequested = false
            continuePendingMove()
        }
        refreshIfDue()
    }

    mutating func fail(_ message: String, for request: PageRequest) {
        guard request == pageToLoad else { return }
        // A failed reload keeps what is shown; the next change tries again.
        if refreshSize != nil {
            refreshSize = nil
        } else {
            lastError = message
            isPageRequested = false
        }
        refreshIfDue()
    }

    mutating func retry() {
        lastError = nil
    }

    /// Starts over for a new query: nothing loaded, first page next, selection at the top.
    mutating func resetPaging() {
        items.removeAll()
        nextCursor = .start
        isPageRequested = false
        refreshSize = nil
        isRefreshDue = false
        lastError = nil
        selection = 0
        scrollOffset = 0
        pendingMove = nil
    }
}
