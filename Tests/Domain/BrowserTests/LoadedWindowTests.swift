import Catalog
import Foundation
import Testing
@testable import Browser

/// A list paged far keeps a bounded window of titles around the selection (`ListState+Window`),
/// and reads again the pages it let go of when the selection comes back.
@Suite("The loaded window")
struct LoadedWindowTests {
    /// A catalog of `count` titles ("t0", "t1", …) that reads either way, as the library does;
    /// or forward only (`readsBackward` false), as a server from before `previous` does.
    struct Catalog {
        var titles: [Title]
        var readsBackward = true
        /// The requests answered, in order.
        var asked: [PageRequest] = []

        init(count: Int, readsBackward: Bool = true) {
            titles = sampleTitles(0 ..< count)
            self.readsBackward = readsBackward
        }

        mutating func page(for request: PageRequest) throws -> Page {
            asked.append(request)
            if readsBackward, let page = try EndPaging.page(request.cursor, count: titles.count, pageSize: request.pageSize,
                                                             title: { titles[$0] }) {
                return page
            }
            guard case .offset(let start) = request.cursor else { throw CatalogError.unknownCursor(request.cursor) }
            var page = EndPaging.forwardPage(from: start, count: titles.count, pageSize: request.pageSize, counts: request.counts) {
                titles[$0]
            }
            if !readsBackward {
                page.previous = nil
                page.last = nil
            }
            return page
        }

        /// Answers every page the list asks for until it asks for none.
        mutating func answerAll(_ state: inout ListState) throws {
            var answers = 0
            while let request = state.pageToLoad {
                answers += 1
                guard answers < 1_000 else {
                    Issue.record("pages keep being asked for")
                    return
                }
                state.send(.pageLoaded(try page(for: request), for: request))
            }
        }
    }

    /// The title selected, by its number in the whole list; and whether it is where the list says.
    static func selectedNumber(_ state: ListState) -> Int? {
        guard let id = state.selectedTitle?.id, let number = Int(id.dropFirst()) else { return nil }
        #expect(number == state.firstIndex + state.selection, "the title selected is at its place in the list")
        return number
    }

    @Test("paging down through 20,000 titles keeps at most the bound loaded; paging back up reads the pages again, each title at its place")
    func downAndBack() throws {
        var catalog = Catalog(count: 20_000)
        var state = ListState(pageSize: 50, viewportRows: 40, maximumLoaded: 1_000)
        try catalog.answerAll(&state)
        var largest = 0
        for _ in 0 ..< 450 {
            state.send(.selectionMoved(.pageDown))
            try catalog.answerAll(&state)
            largest = max(largest, state.items.count)
        }
        #expect(Self.selectedNumber(state) == 450 * 40)
        #expect(largest <= 1_000)
        #expect(state.firstIndex > 450 * 40 - 1_000, "the pages far above were let go of")
        #expect(state.hasEarlier)
        // Back up: the pages above come again, the ones far below go.
        for step in 1 ... 450 {
            state.send(.selectionMoved(.pageUp))
            try catalog.answerAll(&state)
            largest = max(largest, state.items.count)
            #expect(Self.selectedNumber(state) == max(0, 450 * 40 - step * 40))
        }
        #expect(largest <= 1_000)
        #expect(state.firstIndex == 0 && !state.hasEarlier)
        #expect(state.hasMore, "the pages far below were let go of")
        let loaded = state.titles(in: 0 ..< state.items.count).map(\.id)
        #expect(loaded == (0 ..< state.items.count).map { "t\($0)" })
    }

    @Test("End, then up through the list: the pages far below are let go of, and read again going down")
    func fromTheEnd() throws {
        var catalog = Catalog(count: 5_000)
        var state = ListState(pageSize: 50, viewportRows: 20, maximumLoaded: 300)
        try catalog.answerAll(&state)
        state.send(.selectionMoved(.end))
        try catalog.answerAll(&state)
        #expect(Self.selectedNumber(state) == 4_999)
        for _ in 0 ..< 100 {
            state.send(.selectionMoved(.pageUp))
            try catalog.answerAll(&state)
            #expect(state.items.count <= 300)
        }
        #expect(Self.selectedNumber(state) == 4_999 - 2_000)
        #expect(state.hasMore, "the end was let go of")
        #expect(state.knownCount == 5_000, "the last page's count stays")
        for _ in 0 ..< 100 {
            state.send(.selectionMoved(.pageDown))
            try catalog.answerAll(&state)
            #expect(state.items.count <= 300)
        }
        #expect(Self.selectedNumber(state) == 4_999)
        #expect(!state.hasMore)
    }

    @Test("a reload of a list entered from its end keeps its screen: the selected title on its row, and what was loaded, read backward where need be")
    func reloadFromTheEnd() throws {
        var backward = 0
        for pagesUp in 0 ... 12 {
            var catalog = Catalog(count: 5_000)
            var state = ListState(pageSize: 50, viewportRows: 20, maximumLoaded: 300)
            try catalog.answerAll(&state)
            state.send(.selectionMoved(.end))
            try catalog.answerAll(&state)
            for _ in 0 ..< pagesUp {
                state.send(.selectionMoved(.pageUp))
                try catalog.answerAll(&state)
            }
            state.send(.selectionMoved(.down))
            let number = try #require(Self.selectedNumber(state))
            let (row, top) = (state.selection - state.scrollOffset, state.firstIndex + state.scrollOffset)
            let (hadMore, loaded) = (state.hasMore, state.titles(in: 0 ..< state.items.count).map(\.id))
            state.send(.catalogChanged)
            let reload = try #require(state.pageToLoad)
            if case .token(let token) = reload.cursor, token == "end" || token.hasPrefix("before.") { backward += 1 }
            try catalog.answerAll(&state)
            #expect(Self.selectedNumber(state) == number, "\(pagesUp) up")
            #expect(state.selection - state.scrollOffset == row && state.firstIndex + state.scrollOffset == top, "\(pagesUp) up")
            #expect(state.brokenRules.isEmpty)
            // What was loaded is loaded again, the list's end with it when it was in.
            #expect(state.hasMore == hadMore, "\(pagesUp) up")
            if !hadMore { #expect(Array(state.titles(in: 0 ..< state.items.count).map(\.id).suffix(loaded.count)) == loaded) }
        }
        #expect(backward > 3, "pages at the screen read backward: no start to read them forward from")
    }

    @Test("a reload of a list that can be read from its end asks for the count it forgets, and keeps counting the whole list")
    func reloadCounts() throws {
        var catalog = Catalog(count: 5_000)
        var state = ListState(pageSize: 50, viewportRows: 20, maximumLoaded: 300)
        try catalog.answerAll(&state)
        for _ in 0 ..< 30 {
            state.send(.selectionMoved(.pageDown))
            try catalog.answerAll(&state)
        }
        #expect(state.hasMore && state.knownCount == nil, "paged forward: no count yet")
        catalog.titles += sampleTitles(5_000 ..< 5_003)
        state.send(.catalogChanged)
        let forward = try #require(state.pageToLoad)
        #expect(forward.counts && forward.cursor != EndPaging.last)
        try catalog.answerAll(&state)
        #expect(state.hasMore && state.knownCount == 5_003, "read forward, the reload counts the list")
        state.send(.selectionMoved(.end))
        try catalog.answerAll(&state)
        for _ in 0 ..< 40 {
            state.send(.selectionMoved(.pageUp))
            try catalog.answerAll(&state)
        }
        #expect(state.hasMore && state.knownCount == 5_003)
        catalog.titles += sampleTitles(5_003 ..< 5_007)
        state.send(.catalogChanged)
        let reload = try #require(state.pageToLoad)
        #expect(reload.counts)
        try catalog.answerAll(&state)
        #expect(state.hasMore && state.knownCount == 5_007, "the reload's count: the titles added are in it")
        // A list whose provider cannot read from its end is not asked to count.
        var forwardOnly = Catalog(count: 500, readsBackward: false)
        var list = ListState(pageSize: 50, viewportRows: 20)
        try forwardOnly.answerAll(&list)
        list.send(.catalogChanged)
        #expect(list.pageToLoad?.counts == false)
    }

    @Test("a count that disagrees with the titles loaded is not kept; a catalog change forgets the count")
    func untrustedTotal() throws {
        var state = ListState(pageSize: 10, viewportRows: 5)
        var request = try #require(state.pageToLoad)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 10), next: .offset(10), total: 4), for: request))
        #expect(state.total == nil && state.knownCount == nil)
        state.send(.selectionMoved(.by(8)))
        request = try #require(state.pageToLoad)
        state.send(.pageLoaded(Page(items: sampleTitles(10 ..< 20), next: nil, total: 25), for: request))
        #expect(state.total == nil && state.knownCount == 20, "the end is in: the titles loaded are the count")
        // Ten titles more: the reload says so, and a count above the titles loaded is kept.
        state.send(.catalogChanged)
        request = try #require(state.pageToLoad)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 20), next: .offset(20), total: 30), for: request))
        #expect(state.knownCount == 30)
        state.send(.catalogChanged)
        #expect(state.total == nil)
    }

    @Test("a list whose provider reads forward only keeps every page")
    func forwardOnly() throws {
        var catalog = Catalog(count: 3_000, readsBackward: false)
        var state = ListState(pageSize: 50, viewportRows: 20, maximumLoaded: 300)
        try catalog.answerAll(&state)
        for _ in 0 ..< 100 {
            state.send(.selectionMoved(.pageDown))
            try catalog.answerAll(&state)
        }
        #expect(Self.selectedNumber(state) == 2_000)
        #expect(state.firstIndex == 0 && state.items.count > 2_000)
    }

    @Test("a catalog change deep in the list reloads around the selection: the same title stays selected on the same row")
    func reloadAroundTheSelection() throws {
        var catalog = Catalog(count: 20_000)
        var state = ListState(pageSize: 50, viewportRows: 20, maximumLoaded: 5_000)
        try catalog.answerAll(&state)
        // 4,000 titles down: nothing let go of yet, and more loaded than one reload asks for.
        state.send(.selectionMoved(.by(4_000)))
        try catalog.answerAll(&state)
        let row = state.selection - state.scrollOffset
        #expect(state.firstIndex == 0 && state.items.count > ListState.maximumRefresh)
        catalog.titles += sampleTitles(20_000 ..< 20_010)
        state.send(.catalogChanged)
        let reload = try #require(state.pageToLoad)
        #expect(reload.cursor != .start, "the reload reads from a page near the selection")
        try catalog.answerAll(&state)
        #expect(Self.selectedNumber(state) == 4_000)
        #expect(state.selection - state.scrollOffset == row)
        #expect(state.firstIndex > 0 && state.hasEarlier)
        // The titles before the reload come again as the selection goes up.
        state.send(.selectionMoved(.home))
        try catalog.answerAll(&state)
        #expect(Self.selectedNumber(state) == 0)
    }

    @Test("a list that let go of pages is put aside by a search and given back as it was; a session writes and reads it whole")
    func savedAndWritten() throws {
        var catalog = Catalog(count: 10_000)
        var state = ListState(pageSize: 50, viewportRows: 20, maximumLoaded: 400)
        try catalog.answerAll(&state)
        state.send(.selectionMoved(.by(3_000)))
        try catalog.answerAll(&state)
        #expect(state.firstIndex > 0)
        let before = state
        let read = try JSONDecoder().decode(ListState.self, from: JSONEncoder().encode(state))
        #expect(read == state)
        state.send(.searchOpened, .searchChanged("Title 7"), .searchApplied)
        catalog.readsBackward = false
        try catalog.answerAll(&state)
        catalog.readsBackward = true
        state.send(.searchCancelled)
        #expect(state.items == before.items && state.pageEnds == before.pageEnds)
        #expect(Self.selectedNumber(state) == 3_000)
    }
}
