import Catalog
import Testing
@testable import Browser

@Suite("Loading pages ahead of the selection")
struct PrefetchTests {
    @Test("a new list wants its first page at once")
    func firstPage() {
        let state = ListState(pageSize: 20)
        #expect(state.pageToLoad == PageRequest(query: "", cursor: .start, pageSize: 20))
        #expect(state.isLoading)
    }

    @Test("the next page is wanted when the selection comes within 10 items of the last, not before")
    func threshold() {
        var state = ListState.loaded(50, viewportRows: 5)
        #expect(state.pageToLoad == nil)
        state.move(.down, times: 39)  // 10 items below the selection
        #expect(state.selection == 39)
        #expect(state.pageToLoad == nil)
        state.send(.selectionMoved(.down))  // 9 below
        #expect(state.pageToLoad == PageRequest(cursor: .offset(50), pageSize: 50))
    }

    @Test("with a viewport taller than 10 rows, the next page is wanted a screen ahead")
    func screenAhead() {
        var state = ListState.loaded(50, viewportRows: 30)
        state.move(.down, times: 20)
        #expect(state.pageToLoad == PageRequest(cursor: .offset(50), pageSize: 50))
    }

    @Test("End brings the next page within reach")
    func endPrefetches() {
        var state = ListState.loaded(50)
        state.send(.selectionMoved(.end))
        #expect(state.selection == 49)
        #expect(state.pageToLoad?.cursor == .offset(50))
    }

    @Test("a page is asked for once, however the selection moves while it loads")
    func oncePerPage() {
        var state = ListState.loaded(50)
        state.send(.selectionMoved(.end))
        let request = state.pageToLoad
        for move in [SelectionMove.home, .down, .pageDown, .up, .end, .pageUp, .home] {
            state.send(.selectionMoved(move))
            #expect(state.pageToLoad == request)
        }
    }

    @Test("scrolling through the whole catalog asks for every page exactly once, in order")
    func everyPageOnce() {
        var state = ListState(pageSize: 20, viewportRows: 8)
        var requested: [PageRequest] = []
        var lastSeen: PageRequest?
        func observe() {
            if let request = state.pageToLoad, request != lastSeen { requested.append(request) }
            lastSeen = state.pageToLoad
        }
        observe()
        for _ in 0 ..< 600 {
            if state.pageToLoad != nil { state.answerPage(total: 250) }
            observe()
            state.send(.selectionMoved(.down))
            observe()
        }
        #expect(requested.map(\.cursor) == [.start] + stride(from: 20, to: 250, by: 20).map { .offset($0) })
        #expect(state.items.count == 250)
        #expect(state.selection == 249)
        #expect(!state.hasMore)
    }

    @Test("an empty page that points further asks for the next one")
    func emptyPageWithMore() {
        var state = ListState(pageSize: 10)
        state.send(.pageLoaded(Page(items: [], next: .token("p2")), for: state.pageToLoad!))
        #expect(state.pageToLoad == PageRequest(cursor: .token("p2"), pageSize: 10))
    }

    @Test("opaque next-page tokens are followed as given")
    func tokens() {
        var state = ListState(pageSize: 2, prefetchDistance: 5)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 2), next: .token("after-t1")), for: state.pageToLoad!))
        #expect(state.pageToLoad == PageRequest(cursor: .token("after-t1"), pageSize: 2))
    }
}
