import Catalog

// A bounded window of loaded titles: a list paged far (through a million titles) keeps about
// `maximumLoaded` of them around the selection, not every page it loaded. Once the list holds
// more, a page is let go of when it lies more than `windowMargin` titles above the top row or
// below the selection, and the provider said how to ask for it again: a page read forward gives
// the cursor before it (`Page.previous`), one read backward the cursor after it (`Page.next`).
// The list then reads it again when the selection comes back near it, as it reads the pages of a
// list entered from its end. A list whose provider reads forward only keeps every page.
//
// Letting go keeps the selection on the same title and row, a move that waits on its way, and
// each kept title at its place in the whole list (`firstIndex`). Nothing is let go of while a
// reload is on its way, nor on the side a page is being asked for or a move waits toward.

/// Where the titles either side of one loaded page are asked for, and where the page is read
/// again, as the provider said when it gave the page.
package struct PageEnds: Equatable, Sendable, Codable {
    /// The page before its first title: nil at the list's start, or where the provider cannot
    /// read backward.
    package var before: PageCursor?
    /// Where the page is read again, forward from its first title; nil where that is not known
    /// (a page read backward, until the page before it arrives).
    package var start: PageCursor?
    /// The page after its last title: nil at the list's end, or where the provider cannot say.
    package var after: PageCursor?

    package init(before: PageCursor? = nil, start: PageCursor? = nil, after: PageCursor? = nil) {
        self.before = before
        self.start = start
        self.after = after
    }
}

extension ListState {
    /// How many titles are kept above the top row and below the selection whatever the bound:
    /// half the bound, and never fewer than the prefetch needs, so that a page let go of is not
    /// asked for again at once.
    var windowMargin: Int { max(maximumLoaded / 2, prefetchRows) }

    /// Whether no reload is under way, which reads the loaded titles again.
    private var isReloadSettled: Bool {
        refreshSize == nil && !isRefreshDue
    }

    /// Whether a move waits for titles after the loaded ones (Down or PageDown held while pages
    /// come): the titles far above can go meanwhile. A move to the real end or start waits for a
    /// page that replaces what is loaded.
    private var isWaitingBelow: Bool {
        guard let target = pendingMove?.target else { return false }
        return target >= 0 && target != .max
    }

    /// Whether a move waits for titles before the loaded ones (Up or PageUp): the titles far
    /// below can go meanwhile.
    private var isWaitingAbove: Bool {
        guard let target = pendingMove?.target else { return false }
        return target < 0 && target != .min
    }

    /// Whether the first loaded page can be let go of now: more than the bound is loaded, the
    /// page ends `windowMargin` titles or more above the top row, the page after it says where
    /// it is asked for again, and no earlier page is being asked for.
    var canLetGoOfFirstPage: Bool {
        guard items.count > maximumLoaded, pageEnds.count > 1, isReloadSettled, pendingMove == nil || isWaitingBelow,
              !isEarlierPageRequested, pageEnds[1].before != nil else { return false }
        return items.start(ofChunk: 1) + windowMargin <= scrollOffset
    }

    /// Whether the last loaded page can be let go of now: more than the bound is loaded, the
    /// page starts more than `windowMargin` titles below the selection, the page before it says
    /// where it goes on, and no next page is being asked for.
    var canLetGoOfLastPage: Bool {
        guard items.count > maximumLoaded, pageEnds.count > 1, isReloadSettled, pendingMove == nil || isWaitingAbove,
              !isPageRequested, pageEnds[pageEnds.count - 2].after != nil else { return false }
        return items.start(ofChunk: pageEnds.count - 1) - 1 - selection >= windowMargin
    }

    /// Lets go of the pages far from the selection, while the list holds more than its bound.
    mutating func letGoOfFarPages() {
        while canLetGoOfFirstPage {
            let count = items.removeFirstChunk()
            let gone = pageEnds.removeFirst()
            if pageEnds[0].start == nil { pageEnds[0].start = gone.after }
            previousCursor = pageEnds[0].before
            firstIndex += count
            selection -= count
            scrollOffset -= count
            if let target = pendingMove?.target { pendingMove?.target = target - count }
        }
        while canLetGoOfLastPage {
            items.removeLastChunk()
            pageEnds.removeLast()
            nextCursor = pageEnds[pageEnds.count - 1].after
        }
    }

    /// Forgets a total the loaded titles disagree with (a provider's count is not trusted): fewer
    /// than are loaded, or other than the loaded titles once the list's end is in.
    mutating func checkTotal() {
        if let count = total, count < loadedEnd || (!hasMore && count != loadedEnd) { total = nil }
    }

    /// Adds a page read forward (from `cursor`, when known) after the loaded titles.
    mutating func appendPage(_ page: Page, readFrom cursor: PageCursor?, next: PageCursor?) {
        guard !page.items.isEmpty else { return }
        items.append(contentsOf: page.items)
        pageEnds.append(PageEnds(before: page.previous, start: cursor, after: next))
    }

    /// Adds a page read backward before the loaded titles: its `next` is where the page that was
    /// first is read again, if that was not known.
    mutating func prependPage(_ page: Page, previous: PageCursor?) {
        guard !page.items.isEmpty else { return }
        items.prepend(contentsOf: page.items)
        if let start = page.next, !pageEnds.isEmpty, pageEnds[0].start == nil { pageEnds[0].start = start }
        pageEnds.insert(PageEnds(before: previous, start: previous == nil ? .start : nil, after: page.next), at: 0)
    }

    /// Where a reload of `size` titles reads from so that the titles on screen (the selection
    /// among them) stay within it, and as many of the loaded ones as it can hold:
    ///
    /// - forward from a loaded page at or before the screen's top whose start is known and that
    ///   is at the list's start or can give the titles before it;
    /// - or backward, before a loaded page after the screen that says where the titles before it
    ///   are, or from the list's end when the loaded titles reach it;
    ///
    /// forward before backward while the list's end is not loaded, then the one holding the
    /// most loaded titles, then the one with the selection nearest its middle, forward first.
    /// Where none holds the screen (no page's place is known near it), forward from a page that
    /// can be read again, before the selection's place or after it. Nil when none can.
    func refreshPlace(size: Int) -> RefreshPlace? {
        guard !items.isEmpty else { return nil }
        func readable(_ chunk: Int) -> Bool {
            let ends = pageEnds[chunk]
            return ends.start != nil && (firstIndex + items.start(ofChunk: chunk) == 0 || ends.before != nil)
        }
        // The loaded titles on screen: from the top row to the last row's end (or the last title).
        let top = min(scrollOffset, selection)
        let bottom = max(selection + 1, min(items.count, scrollOffset + max(1, viewportRows) * columns))
        var places: [(place: RefreshPlace, start: Int, end: Int)] = []
        for chunk in 0 ... items.chunkIndex(containing: top) where readable(chunk) {
            let start = items.start(ofChunk: chunk)
            if bottom <= start + size { places.append((.forward(start), start, min(items.count, start + size))) }
        }
        let after = ((items.chunkIndex(containing: bottom - 1) + 1) ..< pageEnds.count).filter { pageEnds[$0].before != nil }
            .map { items.start(ofChunk: $0) } + (!hasMore && lastCursor != nil ? [items.count] : [])
        for end in after where end - size <= top {
            places.append((.backward(end), max(0, end - size), end))
        }
        // Forward first while the list's end is not loaded: a page read backward does not say
        // where it starts, so a list reloaded backward there could be reloaded again only
        // backward, before a page after it, which a list read forward lacks. (With the end
        // loaded, a reload can always read backward from it.)
        func score(_ place: (place: RefreshPlace, start: Int, end: Int)) -> (Int, Int, Int, Int) {
            let isForward = if case .forward = place.place { 1 } else { 0 }
            return (hasMore ? isForward : 0, place.end - place.start, -abs((place.start + place.end) / 2 - selection), isForward)
        }
        if let best = places.max(by: { score($0) < score($1) }) { return best.place }
        let target = items.count <= size ? 0 : max(0, min(selection - size / 2, items.count - size))
        let around = items.chunkIndex(containing: target)
        let before = (0 ... around).reversed().first(where: readable)
        return (before ?? ((around + 1) ..< pageEnds.count).first(where: readable)).map { .forward(items.start(ofChunk: $0)) }
    }
}

/// Where a reload reads from in the loaded titles (`ListState.refreshPlace`).
enum RefreshPlace: Equatable {
    /// Forward from this loaded title, the first of its page.
    case forward(Int)
    /// Backward before this loaded title, the first of its page (or the loaded count: from the list's end).
    case backward(Int)
}
