import Catalog
import Testing
@testable import Browser

extension ListState {
    /// Answers the page being loaded as a catalog of `total` titles that can be paged from its
    /// end would (`EndPaging`, as the embedded catalog does).
    mutating func answerFromEnd(total: Int) {
        guard let request = pageToLoad else {
            Issue.record("no page to answer")
            return
        }
        send(.pageLoaded(Self.page(request, total: total), for: request))
    }

    static func page(_ request: PageRequest, total: Int) -> Page {
        let titles = sampleTitles(0 ..< total)
        if let page = try! EndPaging.page(request.cursor, count: total, pageSize: request.pageSize, title: { titles[$0] }) {
            return page
        }
        guard case .offset(let start) = request.cursor else { fatalError("unknown cursor") }
        let end = min(total, start + request.pageSize)
        return Page(items: Array(titles[start ..< end]), next: end < total ? .offset(end) : nil, last: end < total ? EndPaging.last : nil)
    }

    /// The first page of a `total`-title catalog that says where its last page is.
    static func firstPageFromEnd(of total: Int = 1_000, pageSize: Int = 50, viewportRows: Int = 10) -> ListState {
        var state = ListState(pageSize: pageSize, viewportRows: viewportRows)
        state.answerFromEnd(total: total)
        return state
    }

    var selectedID: String? { selectedTitle?.id }
}

@Suite("End asks for the last page directly when the catalog can say where it is")
struct EndJumpTests {
    @Test("End asks for the last page, not the next one, and lands on the last title with its place in the whole list")
    func endAsksLastPage() {
        var state = ListState.firstPageFromEnd()
        #expect(state.lastCursor == EndPaging.last)
        state.send(.selectionMoved(.end))
        #expect(state.pageToLoad?.cursor == EndPaging.last)
        state.answerFromEnd(total: 1_000)
        #expect(state.selectedID == "t999")
        #expect(state.items.count == 50)
        #expect(state.firstIndex == 950)
        #expect(state.loadedEnd == 1_000)
        #expect(!state.hasMore)
        #expect(state.hasEarlier)
        #expect(state.pageToLoad == nil)
        #expect(state.scrollOffset == 40)
    }

    @Test("going up from the end loads the pages before, and the same titles stay on the same rows")
    func upLoadsEarlier() {
        var state = ListState.firstPageFromEnd()
        state.send(.selectionMoved(.end))
        state.answerFromEnd(total: 1_000)
        state.move(.up, times: 40)  // t959, 9 titles above it loaded
        #expect(state.selectedID == "t959")
        #expect(state.pageToLoad?.cursor == .token("before.950"))
        let row = state.selection - state.scrollOffset
        state.answerFromEnd(total: 1_000)
        #expect(state.selectedID == "t959")
        #expect(state.selection - state.scrollOffset == row)
        #expect(state.firstIndex == 900)
        #expect(state.titles(in: 0 ..< state.items.count).map(\.id) == sampleTitles(900 ..< 1_000).map(\.id))
    }

    @Test("a move up past the first loaded title waits for the page before and then goes on")
    func pageUpWaits() {
        var state = ListState.firstPageFromEnd(viewportRows: 20)
        state.send(.selectionMoved(.end))
        state.answerFromEnd(total: 1_000)
        state.move(.pageUp, times: 3)  // wants t939: 11 before the first loaded
        #expect(state.selectedID == "t950")
        #expect(state.pendingMove != nil)
        state.answerFromEnd(total: 1_000)
        #expect(state.selectedID == "t939")
        #expect(state.pendingMove == nil)
    }

    @Test("moves up made while a move up waits for the page before add up with it; a move down starts from the screen")
    func upsAddUp() {
        var state = ListState.firstPageFromEnd(viewportRows: 20)
        state.send(.selectionMoved(.end))
        state.answerFromEnd(total: 1_000)
        state.move(.pageUp, times: 3)  // wants t939: 11 before the first loaded
        state.move(.up, times: 2)      // and two more
        state.move(.pageUp, times: 1)  // and a screen more
        #expect(state.selectedID == "t950")
        while state.isLoading { state.answerFromEnd(total: 1_000) }
        #expect(state.selectedID == "t917")
        #expect(state.pendingMove == nil)
        // Down while a move up waits: from the title on screen, and the wait is over.
        state.move(.pageUp, times: 3)
        let shown = state.selectedID
        state.send(.selectionMoved(.down))
        #expect(state.pendingMove == nil)
        #expect(state.selectedID != shown)
    }

    @Test("Home from a list entered from its end asks for the first page and lands on the first title")
    func homeAsksFirstPage() {
        var state = ListState.firstPageFromEnd()
        state.send(.selectionMoved(.end))
        state.answerFromEnd(total: 1_000)
        state.send(.selectionMoved(.home))
        #expect(state.pageToLoad?.cursor == .start)
        state.answerFromEnd(total: 1_000)
        #expect(state.selectedID == "t0")
        #expect(state.firstIndex == 0)
        #expect(!state.hasEarlier)
        #expect(state.hasMore)
        #expect(state.items.count == 50)
    }

    @Test("End near the end adds the last page to what is loaded: nothing before it is dropped")
    func endNearJoins() {
        var state = ListState.firstPageFromEnd(of: 80)
        state.send(.selectionMoved(.end))
        #expect(state.pageToLoad?.cursor == EndPaging.last)
        state.answerFromEnd(total: 80)
        #expect(state.items.count == 80)
        #expect(state.firstIndex == 0)
        #expect(!state.hasEarlier)
        #expect(state.selectedID == "t79")
    }

    @Test("a catalog that does not say where its end is is paged to it, page by page")
    func withoutLastPagesForward() {
        var state = ListState.loaded(50, of: 200)
        state.send(.selectionMoved(.end))
        #expect(state.pageToLoad?.cursor == .offset(50))
        for _ in 0 ..< 3 { state.answerPage(total: 200) }
        #expect(state.selectedID == "t199")
        #expect(state.firstIndex == 0)
    }

    @Test("moving up before the last page arrives gives up the jump; its late answer is ignored")
    func jumpGivenUp() {
        var state = ListState.firstPageFromEnd()
        state.send(.selectionMoved(.end))
        let jump = state.pageToLoad!
        state.send(.selectionMoved(.up))
        #expect(state.pageToLoad?.cursor == .offset(50))  // the next page, still wanted near the end
        state.send(.pageLoaded(ListState.page(jump, total: 1_000), for: jump))
        #expect(state.firstIndex == 0)
        #expect(state.items.count == 50)
        #expect(state.selectedID == "t48")
    }

    @Test("a failed last page stops, and a retry asks for it again")
    func failedJump() {
        var state = ListState.firstPageFromEnd()
        state.send(.selectionMoved(.end))
        let jump = state.pageToLoad!
        state.send(.pageFailed("server down", for: jump))
        #expect(state.pageToLoad == nil)
        state.send(.retryRequested)
        #expect(state.pageToLoad == jump)
        state.answerFromEnd(total: 1_000)
        #expect(state.selectedID == "t999")
    }

    @Test("a change to the catalog reloads a list entered from its end from its end, on the same title")
    func refreshFromEnd() {
        var state = ListState.firstPageFromEnd()
        state.send(.selectionMoved(.end))
        state.answerFromEnd(total: 1_000)
        state.move(.up, times: 5)
        state.send(.catalogChanged)
        #expect(state.pageToLoad?.cursor == EndPaging.last)
        #expect(state.pageToLoad?.pageSize == 50)
        state.answerFromEnd(total: 1_010)  // ten more titles at the end
        #expect(state.selectedID == "t994")
        #expect(state.firstIndex == 960)
        #expect(state.loadedEnd == 1_010)
    }

    @Test("a search from a list entered from its end, then Esc, gives that list back where it was")
    func searchKeepsTheEnd() {
        var state = ListState.firstPageFromEnd()
        state.send(.selectionMoved(.end))
        state.answerFromEnd(total: 1_000)
        state.send(.searchOpened, .searchChanged("Title 12"))
        #expect(state.firstIndex == 0)
        #expect(state.pageToLoad?.cursor == .start)
        state.send(.searchCancelled)
        #expect(state.selectedID == "t999")
        #expect(state.firstIndex == 950)
        #expect(state.hasEarlier)
        state.move(.up, times: 45)
        #expect(state.pageToLoad?.cursor == .token("before.950"))
    }

    @Test("the ids of a whole list read from its end, up to its start, are the list's, in order")
    func readBackToStart() {
        var state = ListState.firstPageFromEnd(of: 230, pageSize: 50)
        state.send(.selectionMoved(.end))
        state.answerFromEnd(total: 230)
        var guardCount = 0
        while state.hasEarlier, guardCount < 20 {
            state.move(.pageUp, times: 1)
            if state.pageToLoad != nil { state.answerFromEnd(total: 230) }
            guardCount += 1
        }
        #expect(!state.hasEarlier)
        #expect(state.firstIndex == 0)
        #expect(state.titles(in: 0 ..< state.items.count).map(\.id) == sampleTitles(0 ..< 230).map(\.id))
    }
}
