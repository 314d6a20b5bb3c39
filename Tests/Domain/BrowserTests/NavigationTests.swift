import Catalog
import Testing
@testable import Browser

@Suite("Selection and scrolling")
struct NavigationTests {
    @Test("the selection stays on loaded items")
    func clamped() {
        var state = ListState.loaded(50)
        state.send(.selectionMoved(.up))
        #expect(state.selection == 0)
        state.send(.selectionMoved(.end), .selectionMoved(.down), .selectionMoved(.pageDown))
        #expect(state.selection == 49)
    }

    @Test("an empty list has nothing to select")
    func empty() {
        var state = ListState(viewportRows: 10)
        state.send(.selectionMoved(.down), .selectionMoved(.end))
        #expect(state.selection == 0)
        #expect(state.selectedTitle == nil)
        #expect(state.visibleRange.isEmpty)
    }

    @Test("scrolling keeps the selection on screen")
    func keepsVisible() {
        var state = ListState.loaded(100, viewportRows: 10)
        state.move(.down, times: 12)
        #expect(state.selection == 12)
        #expect(state.scrollOffset == 3)
        #expect(state.visibleRange == 3 ..< 13)
        state.move(.up, times: 10)
        #expect(state.selection == 2)
        #expect(state.scrollOffset == 2)
    }

    @Test("PageDown and PageUp move by a viewport, the list scrolling along")
    func pages() {
        var state = ListState.loaded(100, viewportRows: 10)
        state.move(.down, times: 3)
        state.send(.selectionMoved(.pageDown))
        #expect(state.selection == 13)
        #expect(state.scrollOffset == 10)
        state.send(.selectionMoved(.pageDown))
        #expect(state.selection == 23)
        #expect(state.scrollOffset == 20)
        state.send(.selectionMoved(.pageUp))
        #expect(state.selection == 13)
        #expect(state.scrollOffset == 10)
        state.send(.selectionMoved(.pageUp), .selectionMoved(.pageUp))
        #expect(state.selection == 0)
        #expect(state.scrollOffset == 0)
    }

    @Test("PageDown near the end stops at the last item without empty rows below it")
    func pageDownAtEnd() {
        var state = ListState.loaded(25, of: 25, pageSize: 25, viewportRows: 10)
        state.move(.pageDown, times: 3)
        #expect(state.selection == 24)
        #expect(state.scrollOffset == 15)
        #expect(state.visibleRange == 15 ..< 25)
    }

    @Test("Home goes to the first item and End to the last loaded one")
    func homeAndEnd() {
        var state = ListState.loaded(100, viewportRows: 10)
        state.send(.selectionMoved(.end))
        #expect(state.selection == 99)
        #expect(state.visibleRange == 90 ..< 100)
        state.send(.selectionMoved(.home))
        #expect(state.selection == 0)
        #expect(state.visibleRange == 0 ..< 10)
    }

    @Test("a shorter viewport scrolls to keep the selection on screen")
    func shrink() {
        var state = ListState.loaded(100, viewportRows: 20)
        state.move(.down, times: 15)
        state.send(.viewportResized(rows: 5))
        #expect(state.selection == 15)
        #expect(state.visibleRange == 11 ..< 16)
    }

    @Test("a taller viewport does not leave empty rows below the last item")
    func grow() {
        var state = ListState.loaded(30, of: 30, pageSize: 30, viewportRows: 10)
        state.send(.selectionMoved(.end))
        state.send(.viewportResized(rows: 20))
        #expect(state.visibleRange == 10 ..< 30)
        state.send(.viewportResized(rows: 50))
        #expect(state.visibleRange == 0 ..< 30)
    }

    @Test("before the screen is laid out nothing is visible")
    func noViewport() {
        let state = ListState.loaded(50, viewportRows: 0)
        #expect(state.visibleRange.isEmpty)
        #expect(state.selectedTitle?.id == "t0")
    }

    @Test("a page arriving moves neither the selection nor its row")
    func loadingKeepsSelection() {
        var state = ListState.loaded(50, viewportRows: 10)
        state.move(.down, times: 45)
        #expect(state.isLoading)
        let before = (state.selection, state.scrollOffset)
        state.answerPage(total: 1_000)
        #expect(state.items.count == 100)
        #expect(state.selection == before.0)
        #expect(state.scrollOffset == before.1)
    }

    @Test("End goes to the real end, loading page after page")
    func endLoadsEverything() {
        var state = ListState.loaded(50, of: 230, viewportRows: 10)
        state.send(.selectionMoved(.end))
        #expect(state.selection == 49)
        #expect(state.pendingMove != nil)
        while state.isLoading { state.answerPage(total: 230) }
        #expect(state.items.count == 230)
        #expect(state.selection == 229)
        #expect(state.visibleRange == 220 ..< 230)
        #expect(state.pendingMove == nil)
    }

    @Test("Down pressed at the last loaded title while a page loads is not lost")
    func downsAddUp() {
        var state = ListState.loaded(50, viewportRows: 10)
        state.move(.down, times: 49)
        state.move(.down, times: 3)
        #expect(state.selection == 49)
        state.answerPage(total: 1_000)
        #expect(state.selection == 52)
        #expect(state.visibleRange == 43 ..< 53)
    }

    @Test("PageDown past the loaded titles lands on the same screen row once the page is in")
    func pageDownKeepsRow() {
        var state = ListState.loaded(50, viewportRows: 10)
        state.move(.down, times: 44)
        state.send(.selectionMoved(.pageUp), .selectionMoved(.pageDown))
        let row = state.selection - state.scrollOffset
        state.send(.selectionMoved(.pageDown))
        state.answerPage(total: 1_000)
        #expect(state.selection == 54)
        #expect(state.selection - state.scrollOffset == row)
        #expect(state.pendingMove == nil)
    }

    @Test("Home cancels a move that waits for pages")
    func homeCancels() {
        var state = ListState.loaded(50, viewportRows: 10)
        state.send(.selectionMoved(.end), .selectionMoved(.home))
        state.answerPage(total: 1_000)
        #expect(state.selection == 0)
        #expect(state.pendingMove == nil)
    }
}
