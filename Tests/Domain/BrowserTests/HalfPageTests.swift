import Catalog
import Testing
@testable import Browser

/// Ctrl+D / Ctrl+U as in vi: half a viewport, the list scrolling with the selection so that it
/// stays on its screen row.
@Suite("Half-page moves")
struct HalfPageTests {
    @Test("half a page down and up: the selection keeps its screen row while the list scrolls")
    func halfPages() {
        var state = ListState.loaded(100, viewportRows: 10)
        state.move(.down, times: 3)
        state.send(.selectionMoved(.halfPageDown))
        #expect(state.selection == 8)
        #expect(state.scrollOffset == 5)
        state.send(.selectionMoved(.halfPageDown))
        #expect(state.selection == 13)
        #expect(state.scrollOffset == 10)
        state.send(.selectionMoved(.halfPageUp))
        #expect(state.selection == 8)
        #expect(state.scrollOffset == 5)
        state.send(.selectionMoved(.halfPageUp), .selectionMoved(.halfPageUp))
        #expect(state.selection == 0)
        #expect(state.scrollOffset == 0)
    }

    @Test("an odd viewport moves by its half rounded down, and at least one row")
    func oddAndTiny() {
        var state = ListState.loaded(100, viewportRows: 21)
        state.send(.selectionMoved(.halfPageDown))
        #expect(state.selection == 10)
        var tiny = ListState.loaded(100, viewportRows: 1)
        tiny.send(.selectionMoved(.halfPageDown))
        #expect(tiny.selection == 1)
    }

    @Test("at the end of the whole list it stops on the last title, with no empty rows below")
    func atTheEnd() {
        var state = ListState.loaded(25, of: 25, pageSize: 25, viewportRows: 10)
        state.move(.halfPageDown, times: 6)
        #expect(state.selection == 24)
        #expect(state.scrollOffset == 15)
        #expect(state.pendingMove == nil)
    }

    @Test("past the loaded titles while more exist, it waits for the page and lands on the same row")
    func waitsForThePage() {
        var state = ListState.loaded(50, of: 1_000, viewportRows: 10)
        state.send(.selectionMoved(.to(49)))
        #expect(state.selection == 49)
        state.send(.selectionMoved(.halfPageDown))
        #expect(state.pendingMove?.target == 54)
        state.answerPage(total: 1_000)
        #expect(state.selection == 54)
        #expect(state.selection - state.scrollOffset == 9)
    }
}
