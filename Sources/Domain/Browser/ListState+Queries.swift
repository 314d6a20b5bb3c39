import Catalog

extension ListState {
    /// The page that should be loading now, or nil. The runtime loads it when it appears,
    /// cancels it when it changes or goes away, and reports back with `pageLoaded`/`pageFailed`
    /// for this exact request.
    package var pageToLoad: PageRequest? {
        // A search looks in the whole catalog, whatever the scope.
        let scope = query.isEmpty ? scope : .all
        guard let wanted = pageWanted else { return nil }
        var request = request(cursor: wanted.cursor, scope: scope, pageSize: refreshSize ?? pageSize)
        // A reload forgets the count: one of a list that can be read from its end asks for it again.
        request.counts = wanted.kind == .refresh && lastCursor != nil
        return request
    }

    /// A request with the order and filter where they apply (a view without a search), so that
    /// a change of either outside a view does not make a new request.
    private func request(cursor: PageCursor, scope: ListScope, pageSize: Int) -> PageRequest {
        var request = PageRequest(query: query, scope: scope, cursor: cursor, pageSize: pageSize, generation: refreshCount)
        if request.isOrdered {
            request.order = order
            request.filter = filter
        }
        return request
    }

    /// Whether the order and filter apply to what the list shows (a view, not a search, nor
    /// shows and seasons, nor Home).
    package var isOrderable: Bool {
        PageRequest.isOrdered(query: query, scope: scope)
    }

    package var isLoading: Bool { pageToLoad != nil }

    /// Whether the catalog has more titles than are loaded.
    package var hasMore: Bool { nextCursor != nil }

    /// Whether loading stopped on an error (see `lastError`); `retryRequested` resumes it.
    package var hasFailed: Bool { lastError != nil }

    /// Whether everything for the query is loaded and there is none: "Nothing matched".
    package var isEmptyResult: Bool { items.isEmpty && !hasMore }

    package var isDetailOpen: Bool { detail != nil }

    package var selectedTitle: Title? {
        items.indices.contains(selection) ? items[selection] : nil
    }

    /// The indices of the items on screen, top to bottom (row by row, left to right, in a grid).
    package var visibleRange: Range<Int> {
        let start = min(scrollOffset, items.count)
        let end = (gridRow(of: start) + viewportRows) * columns - firstIndex
        return start ..< max(start, min(items.count, end))
    }

    /// The loaded titles in `range` (clamped to them), copied out here, where reading the list's
    /// storage is specialized for `Title`: a view in another module pays generic look-ups per read.
    package func titles(in range: Range<Int>) -> [Title] {
        range.clamped(to: 0..<items.count).map { items[$0] }
    }

    /// How close to the last loaded item the selection must come for the next page to be wanted.
    var prefetchRows: Int { max(prefetchDistance, viewportRows * columns) }

    /// Whether the selection is close enough to the first loaded item that earlier ones are needed.
    var needsEarlierItems: Bool { selection < prefetchRows }

    /// How many titles the list has up to the last loaded one: the whole list's count once its
    /// end is loaded (`hasMore` false), even if its start is not (`firstIndex`).
    package var loadedEnd: Int { firstIndex + items.count }

    /// How many titles the whole list has, when known: its total, or the titles up to the last
    /// once its end is loaded.
    package var knownCount: Int? {
        total ?? (hasMore ? nil : loadedEnd)
    }

    /// Whether the list has titles before the loaded ones (it was entered from its end, or let
    /// go of its first pages).
    package var hasEarlier: Bool { previousCursor != nil }

    /// Whether the selection is close enough to the end that more items are needed.
    var needsMoreItems: Bool {
        let itemsBelowSelection = items.count - 1 - selection
        return itemsBelowSelection < prefetchRows
    }
}
