import Catalog
import Testing
@testable import Browser

@Suite("The reducer's forms")
struct ReducerFormsTests {
    @Test("in place, returning a new state, and as a spin's reducer, it does the same")
    func formsAgree() {
        let events: [ListEvent] = [
            .viewportResized(rows: 10), .searchOpened, .searchChanged("a"), .searchApplied,
            .selectionMoved(.down), .backRequested,
        ]
        var inPlace = ListState()
        var returned = ListState()
        var spun = ListState()
        for event in events {
            ListState.reduce(&inPlace, event)
            returned = ListState.reduce(returned, event)
            ListState.reducer.reduce(&spun, event)
        }
        #expect(inPlace == returned)
        #expect(spun == inPlace)
        #expect(inPlace.viewportRows == 10)
        #expect(inPlace.query == "")
    }
}
