import Spin

// What must always hold of the list, in one place. The reducer keeps these after every event;
// debug builds and tests check them (`ListState.reduce`, `TestStore`), and the views rely on
// them: the rows drawn are the loaded titles from `scrollOffset`, never a position outside
// `firstIndex ..< loadedEnd`.
extension ListState: InvariantRules {
    /// The rules, each with the name a failure reports.
    package enum Rule: String, CaseIterable, Sendable {
        case selectionOnLoadedTitle = "the selection is on a loaded title (0 when none is loaded)"
        case offsetWithinTitles =
            "the first row shows a loaded title (the first of a row in a grid), and no row below the last title is empty while titles above could fill it"
        case selectionOnScreen = "the selection is on a row of the screen"
        case earlierTitlesReachable = "titles are counted before the loaded ones only when they can be asked for"
        case requestsWhereTitlesAre = "a page is asked for only where there is one"
        case failureStopsLoading = "a failure stops loading until a retry"
        case pendingMoveWaitsForTitles = "a move waits only for titles that exist past the loaded ones, or past those a reload reads again"
        case refreshWithinBound = "a reload asks for at least one title and at most the most one reload asks for"
        case searchSavesListOnlyWhileSearching = "the list put aside by a search is kept only while a search applies"
        case savedListsHoldTheirSelection = "a list put aside (by a search, or for a show or season) has its selection on its titles, and each page its ends"
        case searchOrDetail = "the query line and the detail are never open together"
        case pageEndsFollowPages = "each loaded page has its ends, and a list read from its start reads its first page from there"
        case windowWithinBound = "no more titles are loaded than the bound while a far page can be let go of"
        case reloadFromAPage = "a reload reads from the start of a loaded page whose place is known, either way"
        case totalAgreesWithTitles = "a total counted is at least the titles up to the last loaded, and is them once the end is loaded"
    }


    /// Whether `rule` holds.
    package func holds(_ rule: Rule) -> Bool {
        let rows = max(1, viewportRows)
        switch rule {
        case .selectionOnLoadedTitle:
            return items.isEmpty ? selection == 0 : (0 ..< items.count).contains(selection)
        case .offsetWithinTitles:
            let top = gridRow(of: scrollOffset)
            let startsRow = scrollOffset == 0 || gridColumn(of: scrollOffset) == 0
            let lastRow = gridRow(of: max(0, items.count - 1))
            return scrollOffset >= 0 && startsRow && (scrollOffset == 0 || top <= lastRow - rows + 1)
                && (items.isEmpty ? scrollOffset == 0 : scrollOffset < items.count)
        case .selectionOnScreen:
            return items.isEmpty || (gridRow(of: scrollOffset) ..< gridRow(of: scrollOffset) + rows).contains(gridRow(of: selection))
        case .earlierTitlesReachable:
            return firstIndex >= 0 && (firstIndex == 0 || hasEarlier)
        case .requestsWhereTitlesAre:
            return (!isPageRequested || hasMore) && (!isEarlierPageRequested || hasEarlier)
        case .failureStopsLoading:
            return lastError == nil || (!isPageRequested && !isEarlierPageRequested && refreshSize == nil)
        case .pendingMoveWaitsForTitles:
            guard let target = pendingMove?.target else { return true }
            if let range = reloadRange, !range.contains(target), target != .max, target != .min { return true }
            return (target > items.count - 1 && hasMore) || (target < 0 && hasEarlier)
        case .refreshWithinBound:
            return refreshSize.map { (1 ... Self.maximumRefresh).contains($0) } ?? true
        case .searchSavesListOnlyWhileSearching:
            return unfiltered == nil || !query.isEmpty
        case .savedListsHoldTheirSelection:
            return (unfiltered.map { [$0] } ?? []).allSatisfy(\.holdsSelection) && scopeTrail.allSatisfy(\.list.holdsSelection)
        case .searchOrDetail:
            return !(isSearchOpen && detail != nil)
        case .pageEndsFollowPages:
            return pageEnds.count == items.chunks.count && (hasEarlier || pageEnds.first.map { $0.start == .start } ?? true)
        case .windowWithinBound:
            return items.count <= maximumLoaded || !(canLetGoOfFirstPage || canLetGoOfLastPage)
        case .totalAgreesWithTitles:
            return total.map { $0 >= loadedEnd && (hasMore || $0 == loadedEnd) } ?? true
        case .reloadFromAPage:
            if let refreshEnd {
                guard refreshStart == nil, refreshSize != nil, (1 ... items.count).contains(refreshEnd) else { return false }
                if refreshEnd == items.count { return !hasMore && lastCursor != nil }
                let chunk = items.chunkIndex(containing: refreshEnd)
                return items.start(ofChunk: chunk) == refreshEnd && pageEnds[chunk].before != nil
            }
            guard let refreshStart else { return true }
            guard refreshSize != nil, (0 ..< items.count).contains(refreshStart) else { return false }
            let chunk = items.chunkIndex(containing: refreshStart)
            return items.start(ofChunk: chunk) == refreshStart && pageEnds[chunk].start != nil
        }
    }
}

extension SavedList {
    var holdsSelection: Bool {
        (pageEnds.map { $0.count == items.chunks.count } ?? true)
            && (items.count == 0 ? selection == 0 : (0 ..< items.count).contains(selection) && scrollOffset >= 0 && scrollOffset <= selection)
    }
}
