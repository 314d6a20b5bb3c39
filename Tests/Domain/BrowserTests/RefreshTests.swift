import Catalog
import Testing
@testable import Browser

@Suite("Loading again when the catalog changes")
struct RefreshTests {
    /// Titles 0..<count with `newcomers` inserted at the front (sorted before the others).
    func titles(_ count: Int, newcomers: Int) -> [Title] {
        sampleTitles(1_000 ..< 1_000 + newcomers) + sampleTitles(0 ..< count)
    }

    @Test("what is loaded is asked for again in one request from the start, and replaces the list")
    func reloadsLoadedPart() {
        var state = ListState.loaded(120, of: 500)
        state.send(.catalogChanged)
        let request = state.pageToLoad
        #expect(request == PageRequest(query: "", cursor: .start, pageSize: 150, generation: 1))
        state.send(.pageLoaded(Page(items: titles(148, newcomers: 2), next: .offset(150)), for: request!))
        #expect(state.items.count == 150)
        #expect(state.items[0].id == "t1000")
        #expect(state.nextCursor == .offset(150))
        #expect(state.refreshSize == nil)
    }

    @Test("the selected title stays selected on the same row when titles arrive above it")
    func keepsSelection() {
        var state = ListState.loaded(100, of: 500, viewportRows: 10)
        state.move(.down, times: 30)
        let row = state.selection - state.scrollOffset
        state.send(.catalogChanged)
        state.send(.pageLoaded(Page(items: titles(95, newcomers: 5), next: .offset(100)), for: state.pageToLoad!))
        #expect(state.selectedTitle?.id == "t30")
        #expect(state.selection == 35)
        #expect(state.selection - state.scrollOffset == row)
    }

    @Test("a selected title that went away leaves the selection at its index")
    func selectedTitleRemoved() {
        var state = ListState.loaded(50, of: 50)
        state.move(.down, times: 49)
        state.send(.catalogChanged)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 40), next: nil), for: state.pageToLoad!))
        #expect(state.selection == 39)
        #expect(state.hasMore == false)
    }

    @Test("a change while a reload is on its way loads once more after it")
    func changeDuringReload() {
        var state = ListState.loaded(50, of: 50)
        state.send(.catalogChanged)
        let first = state.pageToLoad!
        state.send(.catalogChanged)
        #expect(state.pageToLoad == first, "the request on its way goes on")
        state.send(.pageLoaded(Page(items: titles(50, newcomers: 1), next: nil), for: first))
        #expect(state.items.count == 51)
        #expect(state.pageToLoad == PageRequest(query: "", cursor: .start, pageSize: 51, generation: 2))
    }

    @Test("an empty catalog that gets titles loads its first page")
    func emptyCatalogFillsUp() {
        var state = ListState(pageSize: 10)
        let first = state.pageToLoad!
        state.send(.pageLoaded(Page(items: [], next: nil), for: first))
        #expect(state.isEmptyResult)
        state.send(.catalogChanged)
        #expect(state.pageToLoad == PageRequest(query: "", cursor: .start, pageSize: 10, generation: 1))
        #expect(state.pageToLoad != first, "a request unlike the one answered: the loader starts it")
        state.answerPage(total: 3)
        #expect(state.items.count == 3)
    }

    @Test("a change while the first page is on its way asks again once it is in")
    func changeDuringFirstPage() {
        var state = ListState(pageSize: 10)
        let first = state.pageToLoad!
        state.send(.catalogChanged)
        #expect(state.pageToLoad == first)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 4), next: nil), for: first))
        #expect(state.pageToLoad == PageRequest(query: "", cursor: .start, pageSize: 10, generation: 1))
        #expect(state.pageToLoad != first, "a request unlike the one just answered: the loader starts it")
    }

    @Test("a failed reload keeps the list as it was, with no error")
    func failedReload() {
        var state = ListState.loaded(50, of: 100)
        state.send(.catalogChanged)
        state.send(.pageFailed("the library is busy", for: state.pageToLoad!))
        #expect(state.items.count == 50)
        #expect(state.lastError == nil)
        #expect(state.refreshSize == nil)
    }

    @Test("a reload replaces a page on its way: its answer is stale")
    func supersedesNextPage() {
        var state = ListState.loaded(50, of: 100, viewportRows: 10)
        state.send(.selectionMoved(.end))
        let next = state.pageToLoad!
        state.send(.catalogChanged)
        state.send(.pageLoaded(Page(items: sampleTitles(50 ..< 100), next: nil), for: next))
        #expect(state.items.count == 50, "the old page's answer is ignored")
        #expect(state.pageToLoad?.cursor == .start)
    }

    @Test("the whole list put aside by a search is loaded again when the search is cleared")
    func staleUnfilteredList() {
        var state = ListState.loaded(50, of: 100)
        state.send(.searchOpened, .searchChanged("title 1"))
        state.answerPage(total: 5)
        state.send(.catalogChanged)
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 5), next: nil), for: state.pageToLoad!))
        state.send(.searchCancelled)
        #expect(state.items.count == 50, "given back as it was at once")
        #expect(state.pageToLoad == PageRequest(query: "", cursor: .start, pageSize: 50, generation: 2))
    }

    @Test("a reload asks for at most 2,000 titles")
    func cappedReload() {
        var state = ListState.loaded(3_000, of: 10_000)
        state.send(.catalogChanged)
        #expect(state.pageToLoad?.pageSize == 2_000)
    }
}
