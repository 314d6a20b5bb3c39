import SearchText
/// Serves pages of an in-memory list of titles (by default the embedded catalog), filtered by
/// the request's query, after a latency slept on an injected clock, failing now and then on
/// purpose when asked to.
///
/// Cursors are offsets into the whole list: a page for a query scans forward from its offset,
/// and `next` is the offset of the first match after the page, so paging through a search costs
/// one pass over the list in total. The whole catalog and a search can also be paged from their
/// end (`EndPaging`'s cursors; a search's scans backward from the position they hold): `G` asks
/// for the last page directly, and each page says where the one before it is.
///
///     let provider = EmbeddedProvider(clock: ContinuousClock(), failRate: 0.2)
///     let first = try await provider.page(PageRequest(query: "amelie", pageSize: 50))
package struct EmbeddedProvider: PageProvider {
    package let index: SearchIndex
    /// How long each answer takes.
    package let latency: Duration
    /// The share of requests (0...1) that fail with `CatalogError.simulatedFailure`.
    package let failRate: Double
    private let clock: any Clock<Duration>
    private let failures: FailureSchedule

    /// - Parameter failureSeed: fixes which requests fail; the same seed and the same order of
    ///   requests give the same failures.
    package init(
        titles: [Title] = EmbeddedCatalog.titles,
        latency: Duration = .milliseconds(150),
        failRate: Double = 0,
        failureSeed: UInt64 = 0x0BAD_5EED,
        clock: any Clock<Duration>
    ) {
        self.init(index: SearchIndex(titles), latency: latency, failRate: failRate,
                  failureSeed: failureSeed, clock: clock)
    }

    /// Serves an index built beforehand (its titles are folded for searching on the first search).
    package init(
        index: SearchIndex,
        latency: Duration = .milliseconds(150),
        failRate: Double = 0,
        failureSeed: UInt64 = 0x0BAD_5EED,
        clock: any Clock<Duration>
    ) {
        self.index = index
        self.latency = max(.zero, latency)
        self.failRate = min(1, max(0, failRate))
        self.clock = clock
        self.failures = FailureSchedule(rate: self.failRate, seed: failureSeed)
    }

    package func page(_ request: PageRequest) async throws -> Page {
        // Decided when the request arrives, so the order of requests alone fixes the failures.
        let fails = await failures.nextRequestFails()
        if latency > .zero {
            try await clock.sleep(for: latency)
        }
        try Task.checkCancellation()
        if fails { throw CatalogError.simulatedFailure }
        // The whole catalog and a search's matches can both be paged from their end (`G`), and
        // read by position either way.
        let readsAll = SearchKey(request.query).bytes.isEmpty
        if readsAll,
           let page = try EndPaging.page(request.cursor, count: index.count, pageSize: request.pageSize, title: index.title(at:)) {
            return page
        }
        if !readsAll, let end = try EndPaging.end(of: request.cursor, count: index.count) {
            return try scanBackward(before: end, for: request)
        }
        guard case .offset(let start) = request.cursor, (0 ... index.count).contains(start) else {
            throw CatalogError.unknownCursor(request.cursor)
        }
        if readsAll {
            return EndPaging.forwardPage(from: start, count: index.count, pageSize: request.pageSize, counts: request.counts,
                                         title: index.title(at:))
        }
        var page = try scan(from: start, for: request)
        if request.counts { page.total = try matchCount(request.query) }
        return page
    }

    /// The matches of a search from position `start`, forward: `next` is the first match after
    /// the page, `previous` the cursor before its first match (the cursor `start` came from had
    /// matches before it), `last` the search's last page when the matches go on.
    private func scan(from start: Int, for request: PageRequest) throws -> Page {
        let query = SearchKey(request.query)
        var items: [Title] = []
        items.reserveCapacity(request.pageSize)
        // One look-up of the folded keys per page (folding them the first time a query asks).
        let keys = index.foldedKeys
        var first: Int?
        var position = start
        while position < index.count {
            // A sparse search over a large list may scan for a while; stay cancellable.
            if position & 0x3FFF == 0 { try Task.checkCancellation() }
            if keys[position].contains(query) {
                if items.count == request.pageSize {
                    return Page(items: items, next: .offset(position), previous: Self.before(first, from: start),
                                last: EndPaging.last)
                }
                if first == nil { first = position }
                items.append(index.title(at: position))
            }
            position += 1
        }
        return Page(items: items, next: nil, previous: Self.before(first, from: start))
    }

    /// How many titles `query` matches: one pass over the folded keys.
    private func matchCount(_ query: String) throws -> Int {
        let query = SearchKey(query)
        let keys = index.foldedKeys
        var count = 0
        for position in 0 ..< index.count {
            if position & 0x3FFF == 0 { try Task.checkCancellation() }
            if keys[position].contains(query) { count += 1 }
        }
        return count
    }

    /// The cursor before a page read forward from `start` whose first match is at `first`.
    private static func before(_ first: Int?, from start: Int) -> PageCursor? {
        guard start > 0, let first else { return nil }
        return EndPaging.before(first)
    }

    /// The matches of a search before position `end` (the catalog's count: its last page),
    /// backward: the page's matches in order, `previous` the cursor before the first of them
    /// when a match comes before it, `next` where the matches after the page are read forward
    /// (none after the last page, which counts the matches).
    private func scanBackward(before end: Int, for request: PageRequest) throws -> Page {
        let query = SearchKey(request.query)
        let keys = index.foldedKeys
        let pageSize = max(1, request.pageSize)
        var found: [Int] = []
        var earlier = false
        var position = end
        while position > 0 {
            position -= 1
            if position & 0x3FFF == 0 { try Task.checkCancellation() }
            guard keys[position].contains(query) else { continue }
            if found.count == pageSize {
                earlier = true
                break
            }
            found.append(position)
        }
        let isLast = end == index.count
        let total = isLast || request.counts ? try matchCount(request.query) : nil
        let items = found.reversed().map(index.title(at:))
        let next: PageCursor? = isLast ? nil : .offset(found.first.map { $0 + 1 } ?? end)
        return Page(items: items, next: next, previous: earlier ? found.last.map(EndPaging.before) : nil, last: EndPaging.last,
                    total: total)
    }
}

/// The deterministic sequence of "does this request fail?" answers, shared by copies of a
/// provider.
private actor FailureSchedule {
    private let rate: Double
    private var random: SeededRandom

    init(rate: Double, seed: UInt64) {
        self.rate = rate
        self.random = SeededRandom(seed: seed)
    }

    func nextRequestFails() -> Bool {
        random.chance(rate)
    }
}
