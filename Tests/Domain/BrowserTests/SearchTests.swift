import Catalog
import Testing
@testable import Browser

@Suite("Searching (filter as you type)")
struct SearchTests {
    @Test("/ opens the query line; each change filters at once, from the first page")
    func filterAsYouType() {
        var state = ListState.loaded(100, viewportRows: 10)
        state.move(.down, times: 30)
        state.send(.searchOpened)
        #expect(state.isSearchOpen)
        state.send(.searchChanged("s"))
        #expect(state.query == "s")
        #expect(state.items.isEmpty)
        #expect(state.selection == 0)
        #expect(state.pageToLoad == PageRequest(query: "s", cursor: .start, pageSize: 50))
        state.send(.searchChanged("  st "))
        #expect(state.query == "st", "surrounding spaces are trimmed")
        #expect(state.pageToLoad == PageRequest(query: "st", cursor: .start, pageSize: 50))
    }

    @Test("control characters in the text are dropped from the query")
    func controlCharacters() {
        var state = ListState()
        state.send(.searchOpened, .searchChanged("a\u{1B}[2Jb\tc\u{7F}"))
        #expect(state.query == "a[2Jbc")
    }

    @Test("changes with the query line closed are ignored")
    func closedLine() {
        let state = ListState.loaded(50)
        #expect(ListState.reduce(state, .searchChanged("x")) == state)
    }

    @Test("Enter closes the line and keeps the filter and what it loaded")
    func enterKeeps() {
        var state = ListState()
        state.send(.searchOpened, .searchChanged("star"))
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 5), next: nil), for: state.pageToLoad!))
        state.send(.searchApplied)
        #expect(!state.isSearchOpen)
        #expect(state.query == "star")
        #expect(state.items.count == 5)
    }

    @Test("a new query clears a failure")
    func applyClearsFailure() {
        var state = ListState()
        state.send(.pageFailed("offline", for: state.pageToLoad!))
        state.send(.searchOpened, .searchChanged("star"))
        #expect(state.lastError == nil)
        #expect(state.isLoading)
    }

    @Test("the same query again keeps what is loaded")
    func sameQuery() {
        var state = ListState.loaded(100)
        state.send(.selectionMoved(.down))
        state.send(.searchOpened, .searchChanged(" "), .searchApplied)
        #expect(state.items.count == 100)
        #expect(state.selection == 1)
    }

    @Test("Esc clears the filter: the whole list comes back on the title and row selected before")
    func clearKeepsPlace() {
        var state = ListState.loaded(150, viewportRows: 10)
        state.move(.down, times: 123)
        let row = state.selection - state.scrollOffset
        state.send(.searchOpened, .searchChanged("star"))
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 5), next: nil), for: state.pageToLoad!))
        state.send(.selectionMoved(.down))
        state.send(.searchCancelled)
        #expect(!state.isSearchOpen)
        #expect(state.query == "")
        #expect(state.items.count == 150, "nothing is loaded again")
        #expect(state.selectedTitle?.id == "t123")
        #expect(state.selection - state.scrollOffset == row)
        #expect(state.pageToLoad == nil)
    }

    @Test("deleting the query while typing also gives the whole list back where it was")
    func emptyQueryRestores() {
        var state = ListState.loaded(100, viewportRows: 10)
        state.move(.down, times: 42)
        state.send(.searchOpened, .searchChanged("s"), .searchChanged("st"), .searchChanged(""))
        #expect(state.isSearchOpen)
        #expect(state.selectedTitle?.id == "t42")
        state.send(.searchChanged("x"), .searchApplied, .backRequested)
        #expect(state.query == "")
        #expect(state.selectedTitle?.id == "t42")
    }

    @Test("Esc with no query and the line closed does nothing")
    func nothingToClear() {
        let state = ListState.loaded(50)
        #expect(ListState.reduce(state, .searchCancelled) == state)
        #expect(ListState.reduce(state, .backRequested) == state)
    }
}
