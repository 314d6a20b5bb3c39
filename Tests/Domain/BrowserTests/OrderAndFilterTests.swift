import Catalog
import Foundation
import Testing
@testable import Browser

/// The views' order (`s`) and filter (`f`): a change starts the view over, at the top, in the
/// new order; the request carries them only where they apply (a view, not a search or shows).
@Suite("Ordering and filtering the views")
struct OrderAndFilterTests {
    @Test("a new order starts the view over and asks for it; the same order again changes nothing")
    func newOrder() {
        var state = ListState.loaded(100)
        state.move(.down, times: 12)
        state.send(.orderChosen(.year))
        #expect(state.order == .year)
        #expect(state.items.isEmpty && state.selection == 0)
        #expect(state.pageToLoad == PageRequest(pageSize: 50, order: .year))
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 50), next: nil), for: state.pageToLoad!))
        state.send(.orderChosen(.year))
        #expect(state.items.count == 50, "the same order: kept as it is")
    }

    @Test("a filter goes with the order, and with the films view; shows are asked for as they are")
    func filterAndViews() {
        var state = ListState.loaded(20)
        state.send(.filterChosen(ListFilter(genre: "Drama", decade: 1994)))
        #expect(state.filter == ListFilter(genre: "Drama", decade: 1990))
        #expect(state.pageToLoad == PageRequest(pageSize: 50, filter: ListFilter(genre: "Drama", decade: 1990)))
        state.send(.scopeChosen(.films))
        #expect(state.pageToLoad == PageRequest(scope: .films, pageSize: 50, filter: ListFilter(genre: "Drama", decade: 1990)))
        state.send(.scopeChosen(.shows))
        #expect(state.pageToLoad == PageRequest(scope: .shows, pageSize: 50), "shows keep their own order")
        #expect(!state.isOrderable)
        // Chosen in Shows: kept for the views, nothing reloaded here.
        state.send(.pageLoaded(Page(items: sampleTitles(0 ..< 3), next: nil), for: state.pageToLoad!))
        state.send(.orderChosen(.length))
        #expect(state.items.count == 3 && state.pageToLoad == nil)
        state.send(.scopeChosen(.all))
        #expect(state.pageToLoad?.order == .length)
    }

    @Test("a search lists by title whatever the order; choosing an order clears it")
    func searchIgnoresTheOrder() {
        var state = ListState.loaded(20)
        state.send(.orderChosen(.added))
        state.send(.searchOpened, .searchChanged("star"))
        #expect(state.pageToLoad == PageRequest(query: "star", pageSize: 50))
        state.send(.orderChosen(.year))
        #expect(state.query.isEmpty && !state.isSearchOpen)
        #expect(state.pageToLoad == PageRequest(pageSize: 50, order: .year))
    }

    @Test("the order and filter survive the journal; an older journal decodes with the defaults")
    func journal() throws {
        var state = ListState.loaded(20)
        state.send(.orderChosen(.length), .filterChosen(ListFilter(genre: "Comedy")))
        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(ListState.self, from: data)
        #expect(decoded.order == .length && decoded.filter.genre == "Comedy")
        let plain = try JSONDecoder().decode(ListState.self, from: JSONEncoder().encode(ListState.loaded(5)))
        #expect(plain.order == .title && plain.filter.isEmpty)
    }

    @Test("the picker: its rows, the current ones marked, Enter changes one part and keeps the other")
    func picker() {
        var picker = FilterPicker(current: ListFilter(decade: 1990))
        #expect(picker.isLoading && picker.options.isEmpty)
        picker.receive(ListFacets(genres: ["Comedy", "Drama"], decades: [2010, 1990]))
        #expect(picker.options.map(FilterPicker.label) == [
            "No filter", "Genre: any", "Genre: Comedy", "Genre: Drama", "Decade: any", "Decade: 2010s", "Decade: 1990s",
        ])
        #expect(picker.options.filter(picker.isCurrent).map(FilterPicker.label) == ["Genre: any", "Decade: 1990s"])
        picker.move(by: 3)
        #expect(picker.chosenFilter == ListFilter(genre: "Drama", decade: 1990))
        picker.move(by: 100)
        #expect(picker.chosenFilter == ListFilter(decade: 1990))
        picker.move(by: -100)
        #expect(picker.chosenFilter == ListFilter())
    }
}
