import Catalog
import Testing
@testable import Browser

/// Views and groups in the list: a view starts over on its own pages; Enter on a show goes in;
/// Esc comes back out to the same row, level by level.
@Suite("Going into shows and seasons, and back out")
struct ScopeNavigationTests {
    static func shows(_ names: [String]) -> [Title] {
        names.map { name in
            Title(id: "show\u{1}" + name, title: name, year: 2010, genre: "", duration: 0, introStart: 0, introEnd: 0,
                  creditsStart: 0, group: .show(name, seasons: 2, episodes: 6))
        }
    }

    static func seasons(of show: String) -> [Title] {
        (1 ... 2).map { season in
            Title(id: "season\(season)", title: "Season \(season)", year: 2010, genre: "", duration: 0, introStart: 0,
                  introEnd: 0, creditsStart: 0, group: .season(show: show, season, episodes: 3))
        }
    }

    @Test("a view asks for its own pages from the top, and clears the search")
    func choosingAView() {
        var state = ListState.loaded(100)
        state.move(.down, times: 12)
        state.send(.scopeChosen(.shows))
        #expect(state.scope == .shows)
        #expect(state.items.isEmpty && state.selection == 0)
        #expect(state.pageToLoad == PageRequest(scope: .shows, pageSize: 50))
    }

    @Test("Enter on a show goes into its seasons, on a season into its episodes; Esc comes back to the same rows")
    func inAndOut() {
        var state = ListState(pageSize: 50, viewportRows: 10)
        state.send(.scopeChosen(.shows))
        state.send(.pageLoaded(Page(items: Self.shows(["Alpha", "Beta", "Gamma"]), next: nil), for: state.pageToLoad!))
        state.send(.selectionMoved(.down), .selectionMoved(.down))
        state.send(.scopeEntered)
        #expect(state.scope == .show("Gamma"))
        #expect(state.pageToLoad == PageRequest(scope: .show("Gamma"), pageSize: 50))
        state.send(.pageLoaded(Page(items: Self.seasons(of: "Gamma"), next: nil), for: state.pageToLoad!))
        state.send(.selectionMoved(.down), .scopeEntered)
        #expect(state.scope == .season(show: "Gamma", 2))
        #expect(state.scopeTrail.map(\.scope) == [.shows, .show("Gamma")])

        state.send(.backRequested)
        #expect(state.scope == .show("Gamma"))
        #expect(state.selectedTitle?.title == "Season 2")
        #expect(state.pageToLoad == nil, "given back as it was, not loaded again")
        state.send(.backRequested)
        #expect(state.scope == .shows)
        #expect(state.selectedTitle?.title == "Gamma")
        state.send(.backRequested)
        #expect(state.scope == .shows, "nothing above the top view")
    }

    @Test("choosing the view shown while a search is applied: the view again, without the search")
    func choosingTheSameViewClearsTheSearch() {
        var state = ListState.loaded(20)
        state.send(.searchOpened, .searchChanged("title 1"), .searchApplied)
        state.send(.pageLoaded(Page(items: sampleTitles(1 ..< 2), next: nil), for: state.pageToLoad!))
        state.send(.scopeChosen(.all))
        #expect(state.query.isEmpty)
        #expect(state.pageToLoad == PageRequest(pageSize: 50))
    }

    @Test("Enter does not go into a title that is not a group, nor while searching")
    func onlyGroups() {
        var state = ListState.loaded(10)
        state.send(.scopeEntered)
        #expect(state.scope == .all && state.scopeTrail.isEmpty)
    }

    @Test("a search looks in the whole catalog from inside a view; Esc clears it, and the view is back")
    func searchingInsideAView() {
        var state = ListState(pageSize: 50)
        state.send(.scopeChosen(.films))
        state.send(.searchOpened, .searchChanged("saga"))
        #expect(state.pageToLoad?.scope == .all && state.pageToLoad?.query == "saga")
        state.send(.searchCancelled)
        #expect(state.scope == .films)
        #expect(state.pageToLoad?.scope == .films)
    }
}
