import Catalog
import Testing
@testable import Browser

@Suite("Stale answers, failures and the end of the catalog")
struct PagingOutcomeTests {
    @Test("a page that arrives for an old query is ignored")
    func stalePage() {
        var state = ListState(pageSize: 10)
        let old = state.pageToLoad!
        state.send(.searchOpened, .searchChanged("star"), .searchApplied)
        let current = state.pageToLoad
        #expect(current == PageRequest(query: "star", cursor: .start, pageSize: 10))
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 10), next: .offset(10)), for: old))
        #expect(state.items.isEmpty)
        #expect(state.pageToLoad == current)
    }

    @Test("a failure for an old query is ignored")
    func staleFailure() {
        var state = ListState(pageSize: 10)
        let old = state.pageToLoad!
        state.send(.searchOpened, .searchChanged("star"), .searchApplied)
        state.send(.pageFailed("timed out", for: old))
        #expect(state.lastError == nil)
        #expect(state.isLoading)
    }

    @Test("an answer for a page already loaded is ignored")
    func duplicateAnswer() {
        var state = ListState(pageSize: 10)
        let request = state.pageToLoad!
        let page = Page(items: sampleTitles(0 ..< 10), next: .offset(10))
        state.send(.pageLoaded(page, for: request), .pageLoaded(page, for: request))
        #expect(state.items.count == 10)
    }

    @Test("a failed page stops loading and shows the error until the user retries")
    func failureThenRetry() {
        var state = ListState.loaded(50)
        state.send(.selectionMoved(.end))
        let request = state.pageToLoad!
        state.send(.pageFailed("simulated network failure", for: request))
        #expect(state.lastError == "simulated network failure")
        #expect(state.hasFailed)
        #expect(state.pageToLoad == nil)
        state.send(.selectionMoved(.up), .selectionMoved(.down), .selectionMoved(.end))
        #expect(state.pageToLoad == nil, "moving does not retry by itself")
        state.send(.retryRequested)
        #expect(state.lastError == nil)
        #expect(state.pageToLoad == request)
        state.answerPage(total: 1_000)
        #expect(state.items.count == 100)
    }

    @Test("retrying with nothing failed does nothing")
    func retryWithoutFailure() {
        let state = ListState.loaded(50)
        #expect(ListState.reduce(state, .retryRequested) == state)
    }

    @Test("the end of the catalog stops loading for good")
    func endOfCatalog() {
        var state = ListState.loaded(30, of: 30, pageSize: 20)
        #expect(state.items.count == 30)
        #expect(!state.hasMore)
        for event in [ListEvent.selectionMoved(.end), .selectionMoved(.down), .retryRequested, .viewportResized(rows: 100)] {
            state.send(event)
            #expect(state.pageToLoad == nil)
        }
    }

    @Test("a search that finds nothing is an empty result, not a load in progress")
    func nothingMatched() {
        var state = ListState(pageSize: 10)
        state.send(.searchOpened, .searchChanged("zzz"), .searchApplied)
        state.send(.pageLoaded(Page(items: [], next: nil), for: state.pageToLoad!))
        #expect(state.isEmptyResult)
        #expect(!state.isLoading)
        #expect(state.selectedTitle == nil)
    }

    @Test("a provider that points back at the same page ends the list instead of asking forever")
    func repeatedCursor() {
        var state = ListState(pageSize: 10)
        let request = state.pageToLoad!
        state.send(.pageLoaded(Page(items: [], next: request.cursor), for: request))
        #expect(state.pageToLoad == nil)
        #expect(!state.hasMore)
    }
}
