import Browser
import Catalog
import Terminal
import Testing
@testable import AppCore

/// Enter on a show's or a season's row opens it, and the footer says so; Esc, Backspace, ← and
/// h go back out of it, and out of the details; on the search line Backspace and ← edit.
@Suite("Opening a show and going back")
struct BackAndOpenKeysTests {
    static let size = Size(rows: 24, columns: 100)

    static let show = Title(id: "show\u{1}Night Harbor", title: "Night Harbor", year: 2019, genre: "2 seasons", duration: 0,
                            introStart: 0, introEnd: 0, creditsStart: 0,
                            group: .show("Night Harbor", seasons: 2, episodes: 16))
    static let film = Title(id: "film", title: "Amélie", year: 2001, genre: "Comedy", duration: 7_200, introStart: 0,
                            introEnd: 0, creditsStart: 0)

    /// The list of a show's row above a film's, the show's row selected.
    static func list(size: Size = size) -> AppState {
        var state = AppFixtures.state(size: size, pages: 0)
        AppFixtures.loadNextPage(&state, from: [show, film])
        return state
    }

    static func footer(_ state: AppState) -> String {
        String(AppFixtures.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)[size.rows - 1])
    }

    @Test("on a show's row the footer says Enter open, on a film's Enter play")
    func enterOpensAGroup() {
        var state = Self.list()
        #expect(state.list.selectedTitle?.group != nil)
        #expect(Self.footer(state).contains("Enter open"), "\(Self.footer(state))")
        #expect(!Self.footer(state).contains("Enter play"))
        AppFixtures.send([.down], to: &state)
        #expect(state.list.selectedTitle?.id == "film")
        #expect(Self.footer(state).contains("Enter play"), "\(Self.footer(state))")
    }

    @Test("Esc, Backspace, ← and h go back out of a show, to the list it was opened from", arguments: [
        Key.escape, .backspace, .left, .character("h"),
    ])
    func backOutOfAShow(key: Key) {
        var state = Self.list()
        #expect(KeyMap.event(for: key, in: state) == nil, "nothing to go back out of yet")
        AppFixtures.send([.enter], to: &state)
        #expect(state.list.scopeTrail.count == 1, "Enter went into the show")
        #expect(state.player == nil)
        #expect(KeyMap.event(for: key, in: state) == .list(.backRequested))
        AppFixtures.send([key], to: &state)
        #expect(state.list.scopeTrail.isEmpty)
    }

    @Test("Esc, Backspace, ← and h close the details", arguments: [Key.escape, .backspace, .left, .character("h")])
    func backOutOfTheDetails(key: Key) {
        var state = Self.list()
        AppFixtures.send([.down, .character("i")], to: &state)
        #expect(state.list.isDetailOpen)
        AppFixtures.send([key], to: &state)
        #expect(!state.list.isDetailOpen)
    }

    @Test("on the search line Backspace and ← edit the text, and h is typed")
    func searchLineEdits() {
        var state = Self.list()
        AppFixtures.send([.enter], to: &state)
        AppFixtures.send([.character("/")], to: &state)
        AppFixtures.type("ab", to: &state)
        AppFixtures.send([.left, .character("h"), .backspace], to: &state)
        #expect(state.list.isSearchOpen)
        #expect(state.searchInput.text == "ab")
        AppFixtures.send([.backspace], to: &state)
        #expect(state.searchInput.text == "b")
        #expect(state.list.scopeTrail.count == 1, "still in the show")
    }

    @Test("the help and the details' footer show every key that goes back")
    func keysAreShown() {
        // Inside a show, where going back is offered; the help tall enough to list it.
        var state = Self.list(size: Size(rows: 60, columns: 100))
        AppFixtures.send([.enter], to: &state)
        AppFixtures.send([.character("?")], to: &state)
        let help = AppFixtures.render(state).text
        #expect(help.contains("Esc Backspace ← h"), "\(help)")
        state = Self.list()
        AppFixtures.send([.down, .character("i")], to: &state)
        #expect(Self.footer(state).contains("Esc Backspace ← h back"), "\(Self.footer(state))")
    }
}
