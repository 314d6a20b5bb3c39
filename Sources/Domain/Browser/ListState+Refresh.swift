import Catalog

// Loading again what is shown when the catalog changes under the list (a scan adds titles):
// one request for as many titles as are loaded (at most `maximumRefresh`), whose answer
// replaces the list. It reads from a loaded page that keeps the titles on screen within it, and
// as many of the loaded ones as it can (`refreshPlace`): forward from a page at or before the
// screen, or, where none there can be read again so (a list entered from its end), backward
// from a page after it; where neither is known, from the list's start (or its end, for a list
// entered from there). A list that can be read from its end asks for its count again with it
// (`PageRequest.counts`). The selected title stays selected on the same screen row if it is
// still there; otherwise the selection stays at the same place.
extension ListState {
    /// The most titles one reload asks for; a list loaded further comes back shorter and pages on.
    static let maximumRefresh = 2_000

    mutating func refresh() {
        // The lists put aside (by a search, for a show or season) are loaded again when given back.
        if unfiltered != nil { unfiltered?.isStale = true }
        for index in scopeTrail.indices { scopeTrail[index].list.isStale = true }
        // The count may have changed too: the next page that counts says.
        total = nil
        // A request on its way may have been answered before the change: once it is in, again.
        if pageToLoad != nil, refreshSize != nil || items.isEmpty {
            isRefreshDue = true
            return
        }
        guard !items.isEmpty else {
            // Nothing loaded and nothing loading (an empty catalog, or a failure): start over,
            // with a request unlike the one just answered (`PageRequest.generation`).
            nextCursor = .start
            lastError = nil
            refreshCount += 1
            return
        }
        let size = min(max(items.count, pageSize), Self.maximumRefresh)
        refreshSize = size
        refreshStart = nil
        refreshEnd = nil
        switch refreshPlace(size: size) {
        case .forward(let start)?: refreshStart = start
        case .backward(let end)?: refreshEnd = end
        case nil: break
        }
        refreshCount += 1
        isPageRequested = false
        isEarlierPageRequested = false
        // A move waiting for titles goes on once the reload is in (`replace`).
        lastError = nil
    }

    /// The loaded titles a reload on its way reads again (indexes into `items`), as far as they
    /// are known: a move made meanwhile stays within them and waits at their edge, so that the
    /// reload finds the selection among its titles and the move goes on from there (`replace`).
    /// Nil when no reload is on its way, where it reads from the list's end past titles not
    /// loaded, or when the selection is not among them.
    var reloadRange: Range<Int>? {
        guard let size = refreshSize, !items.isEmpty else { return nil }
        let range: Range<Int>? = if let refreshStart {
            refreshStart ..< min(items.count, refreshStart + size)
        } else if let refreshEnd {
            max(0, refreshEnd - size) ..< refreshEnd
        } else if !hasEarlier {
            0 ..< min(items.count, size)
        } else {
            hasMore ? nil : max(0, items.count - size) ..< items.count
        }
        return range.flatMap { $0.contains(selection) ? $0 : nil }
    }

    /// After an answer: the reload that a change asked for while it was on its way.
    mutating func refreshIfDue() {
        guard isRefreshDue else { return }
        isRefreshDue = false
        refresh()
    }

    /// Where the reload reads from: the start of the loaded page `refreshStart` names; backward
    /// before the page `refreshEnd` names, or from the list's end when it is the loaded count;
    /// else the list's start, or its end for a list entered from there.
    var refreshCursor: PageCursor {
        if let refreshStart, !items.isEmpty, let start = pageEnds[items.chunkIndex(containing: refreshStart)].start { return start }
        if let refreshEnd, !items.isEmpty {
            if refreshEnd == items.count, let lastCursor { return lastCursor }
            if refreshEnd < items.count, let before = pageEnds[items.chunkIndex(containing: refreshEnd)].before { return before }
        }
        return hasEarlier ? lastCursor ?? .start : .start
    }

    mutating func replace(with page: Page, readFrom cursor: PageCursor) {
        let selectedID = selectedTitle?.id
        let row = selection - scrollOffset
        let (oldFirst, oldSelection) = (firstIndex, selection)
        // A move made while the reload was on its way, waiting at the edge of what it reads.
        let pendingTarget = pendingMove.flatMap { $0.target == .max || $0.target == .min ? nil : $0.target }
        // Read backward before a loaded page: it ends where that page starts. Read from the
        // list's end: where it starts, its count says (titles may have come at the end).
        let start = refreshStart ?? refreshEnd.flatMap { $0 == items.count ? nil : $0 - page.items.count }
        let readForward = refreshStart != nil
        refreshSize = nil
        refreshStart = nil
        refreshEnd = nil
        if let start {
            // Read from a loaded page, either way: its titles stay where they were in the list.
            replaceItems(with: page, readFrom: readForward ? cursor : nil, position: firstIndex + start)
        } else {
            // A list entered from its end was asked again from its end (`pageWanted`): the same last titles.
            replaceItems(with: page, readFrom: hasEarlier ? nil : cursor)
        }
        if let selectedID, let index = page.items.firstIndex(where: { $0.id == selectedID }) {
            selection = index
            scrollOffset = index - row
            // The waiting move goes on from the same title, as far as it was to go.
            if let pendingTarget { pendingMove?.target = index + pendingTarget - oldSelection }
        } else {
            // The selection keeps its place in the whole list, and so does a waiting move's
            // target: past the titles read again, it waits for their pages (`continuePendingMove`).
            // (A move to the list's end or start waits as it was.)
            let shift = oldFirst - firstIndex
            let place = oldSelection + shift
            selection = min(max(0, place), max(0, items.count - 1))
            if let pendingTarget {
                pendingMove?.target = pendingTarget + shift
            } else if pendingMove == nil, place != selection {
                pendingMove = PendingMove(target: place, row: nil)
            }
        }
        keepSelectionVisible()
    }
}
