import Catalog
import Testing
@testable import Browser

@Suite("Searching")
struct SearchTests {
    @Test("/ opens the query line on the current query")
    func open() {
        var state = ListState.loaded(50)
        state.send(.searchOpened)
        #expect(state.isSearchOpen)
        #expect(state.searchDraft == "")
        state.send(.searchEdited(.typed("star")), .searchApplied, .searchOpened)
        #expect(state.searchDraft == "star")
    }

    @Test("typing appends, Backspace deletes a character, Ctrl+U clears")
    func editing() {
        var state = ListState()
        state.send(.searchOpened, .searchEdited(.typed("c")), .searchEdited(.typed("afé")))
        #expect(state.searchDraft == "café")
        state.send(.searchEdited(.deletedBackward))
        #expect(state.searchDraft == "caf")
        state.send(.searchEdited(.typed("👩‍🚀")), .searchEdited(.deletedBackward))
        #expect(state.searchDraft == "caf", "Backspace removes a whole character")
        state.send(.searchEdited(.cleared))
        #expect(state.searchDraft == "")
        state.send(.searchEdited(.deletedBackward))
        #expect(state.searchDraft == "")
    }

    @Test("control characters typed into the query are dropped")
    func controlCharacters() {
        var state = ListState()
        state.send(.searchOpened, .searchEdited(.typed("a\u{1B}[2Jb\tc\u{7F}")))
        #expect(state.searchDraft == "a[2Jbc")
    }

    @Test("editing leaves the list and the applied query alone until Enter")
    func draftOnly() {
        var state = ListState.loaded(50)
        let before = state
        state.send(.searchOpened, .searchEdited(.typed("star")))
        #expect(state.query == "")
        #expect(state.items == before.items)
        #expect(state.pageToLoad == nil)
    }

    @Test("edits with the query line closed are ignored")
    func closedLine() {
        let state = ListState.loaded(50)
        #expect(ListState.reduce(state, .searchEdited(.typed("x"))) == state)
        #expect(ListState.reduce(state, .searchApplied) == state)
    }

    @Test("Enter applies the query and starts the list over from its first page")
    func apply() {
        var state = ListState.loaded(100, viewportRows: 10)
        state.move(.down, times: 30)
        state.send(.searchOpened, .searchEdited(.typed("  star ")), .searchApplied)
        #expect(!state.isSearchOpen)
        #expect(state.query == "star", "surrounding spaces are trimmed")
        #expect(state.items.isEmpty)
        #expect(state.selection == 0)
        #expect(state.scrollOffset == 0)
        #expect(state.hasMore)
        #expect(state.pageToLoad == PageRequest(query: "star", cursor: .start, pageSize: 50))
    }

    @Test("a new query clears a failure")
    func applyClearsFailure() {
        var state = ListState()
        state.send(.pageFailed("offline", for: state.pageToLoad!))
        state.send(.searchOpened, .searchEdited(.typed("star")), .searchApplied)
        #expect(state.lastError == nil)
        #expect(state.isLoading)
    }

    @Test("applying the same query again keeps what is loaded")
    func sameQuery() {
        var state = ListState.loaded(100)
        state.send(.selectionMoved(.down))
        state.send(.searchOpened, .searchApplied)
        #expect(state.items.count == 100)
        #expect(state.selection == 1)
    }

    @Test("Esc while typing closes the line and keeps the applied query")
    func cancelTyping() {
        var state = ListState()
        state.send(.searchOpened, .searchEdited(.typed("star")), .searchApplied)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 5), next: nil), for: state.pageToLoad!))
        state.send(.searchOpened, .searchEdited(.typed("ship")), .searchCancelled)
        #expect(!state.isSearchOpen)
        #expect(state.query == "star")
        #expect(state.items.count == 5)
    }

    @Test("Esc with the line closed clears the applied query and shows the whole catalog")
    func clearQuery() {
        var state = ListState()
        state.send(.searchOpened, .searchEdited(.typed("star")), .searchApplied)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 5), next: nil), for: state.pageToLoad!))
        state.send(.searchCancelled)
        #expect(state.query == "")
        #expect(state.items.isEmpty)
        #expect(state.pageToLoad == PageRequest(query: "", cursor: .start, pageSize: 50))
    }

    @Test("Esc with no query does nothing")
    func nothingToClear() {
        let state = ListState.loaded(50)
        #expect(ListState.reduce(state, .searchCancelled) == state)
        #expect(ListState.reduce(state, .backRequested) == state)
    }
}
