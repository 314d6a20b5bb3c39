import Catalog
import Testing
@testable import Browser

@Suite("The detail of a title")
struct DetailTests {
    @Test("Enter opens the selected title; Esc closes it")
    func openAndClose() {
        var state = ListState.loaded(50)
        state.move(.down, times: 2)
        state.send(.detailOpened)
        #expect(state.isDetailOpen)
        #expect(state.detail?.id == "t2")
        state.send(.backRequested)
        #expect(!state.isDetailOpen)
        state.send(.detailOpened, .detailClosed)
        #expect(!state.isDetailOpen)
    }

    @Test("Esc backs out one level at a time: detail, then query")
    func backOut() {
        var state = ListState()
        state.send(.searchOpened, .searchChanged("title"), .searchApplied)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 5), next: nil), for: state.pageToLoad!))
        state.send(.detailOpened, .backRequested)
        #expect(!state.isDetailOpen)
        #expect(state.query == "title")
        state.send(.backRequested)
        #expect(state.query == "")
    }

    @Test("Esc in the query line closes it and clears the filter")
    func backOutOfTyping() {
        var state = ListState()
        state.send(.searchOpened, .searchChanged("x"), .backRequested)
        #expect(!state.isSearchOpen)
        #expect(state.query == "")
    }

    @Test("the list does not move behind an open detail")
    func listFrozen() {
        var state = ListState.loaded(50)
        state.send(.detailOpened, .selectionMoved(.down), .selectionMoved(.end), .searchOpened)
        #expect(state.selection == 0)
        #expect(!state.isSearchOpen)
    }

    @Test("with nothing selected there is no detail to open")
    func nothingSelected() {
        var state = ListState()
        state.send(.detailOpened)
        #expect(!state.isDetailOpen)
    }
}
