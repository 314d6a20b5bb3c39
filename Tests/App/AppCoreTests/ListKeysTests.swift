import Browser
import Catalog
import Downloads
import Terminal
import Testing
@testable import AppCore

/// Ctrl+D / Ctrl+U (half a screen) on the list, the downloads screen and the help; n / N (the
/// next / previous title matching a kept search) on the list.
@Suite("Half pages and search matches")
struct ListKeysTests {
    let list = AppFixtures.state(size: Size(rows: 24, columns: 80))

    /// A kept search for "night" whose result is `titles` (the catalog matched titles and genres).
    static func searched(_ titles: [Title], more: Bool = false) -> AppState {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("/")], to: &state)
        AppFixtures.type("night", to: &state)
        AppFixtures.send([.enter], to: &state)
        let request = state.list.pageToLoad!
        AppReducer.reduce(&state, .list(.pageLoaded(Page(items: titles, next: more ? .offset(titles.count) : nil),
                                                    for: request)))
        return state
    }

    static func title(_ name: String, genre: String = "Drama") -> Title {
        Title(id: name, title: name, year: 2001, genre: genre, duration: 5_400, introStart: 0, introEnd: 0, creditsStart: 5_300)
    }

    /// Night Shift (title) · Harbour (genre only) · Midnight Run (title) · Quiet (genre only) · Knights (title).
    static let result = [
        title("Night Shift"), title("Harbour", genre: "Night Noir"), title("Midnight Run"),
        title("Quiet", genre: "Night Noir"), title("Knights"),
    ]

    @Test("Ctrl+D and Ctrl+U move the list half a screen")
    func listHalfPages() {
        #expect(KeyMap.event(for: .control("d"), in: list) == .list(.selectionMoved(.halfPageDown)))
        #expect(KeyMap.event(for: .control("u"), in: list) == .list(.selectionMoved(.halfPageUp)))
        var state = list
        AppFixtures.send([.control("d")], to: &state)
        #expect(state.list.selection == 10)   // 21 rows: half is 10
        AppFixtures.send([.control("u")], to: &state)
        #expect(state.list.selection == 0)
    }

    @Test("on the search line Ctrl+U and Ctrl+D still edit; n is a letter")
    func searchLineKeepsItsKeys() {
        var state = list
        AppFixtures.send([.character("/")], to: &state)
        #expect(KeyMap.event(for: .control("u"), in: state) == .searchKeyPressed(.key(.control("u"))))
        #expect(KeyMap.event(for: .control("d"), in: state) == .searchKeyPressed(.key(.delete)), "delete the character under the cursor")
        #expect(KeyMap.event(for: .character("n"), in: state) == .searchKeyPressed(.key(.character("n"))))
    }

    @Test("n and N need a kept search: without one they do nothing and are not shown")
    func matchKeysNeedASearch() {
        #expect(KeyMap.event(for: .character("n"), in: list) == nil)
        #expect(KeyMap.event(for: .character("N"), in: list) == nil)
        #expect(!AppKeys.helpSections(for: list).bindings().contains { ($0.label == "n" || $0.label == "N") && $0.isEnabled })
        var help = list
        AppFixtures.send([.character("?")], to: &help)
        #expect(!AppFixtures.render(help).text.contains("title whose name matches"))
        let state = Self.searched(Self.result)
        #expect(KeyMap.event(for: .character("n"), in: state) == .searchMatchRequested(forward: true))
        #expect(KeyMap.event(for: .character("N"), in: state) == .searchMatchRequested(forward: false))
        var shown = state
        AppFixtures.send([.character("?")], to: &shown)
        let text = AppFixtures.render(shown).text
        #expect(text.contains("next title whose name matches") && text.contains("previous title whose name matches"))
    }

    @Test("n goes to the next title whose name matches, skipping rows found by their genre; it wraps like vi")
    func nextMatch() {
        var state = Self.searched(Self.result)
        #expect(state.list.selection == 0)
        AppFixtures.send([.character("n")], to: &state)
        #expect(state.list.selectedTitle?.title == "Midnight Run")
        AppFixtures.send([.character("n")], to: &state)
        #expect(state.list.selectedTitle?.title == "Knights")
        AppFixtures.send([.character("n")], to: &state)
        #expect(state.list.selectedTitle?.title == "Night Shift", "the whole result is loaded: back to the first")
    }

    @Test("N goes to the previous match, and from the first wraps to the last loaded one")
    func previousMatch() {
        var state = Self.searched(Self.result)
        AppFixtures.send([.character("N")], to: &state)
        #expect(state.list.selectedTitle?.title == "Knights")
        AppFixtures.send([.character("N")], to: &state)
        #expect(state.list.selectedTitle?.title == "Midnight Run")
        AppFixtures.send([.up], to: &state)   // on "Harbour", a genre match
        AppFixtures.send([.character("N")], to: &state)
        #expect(state.list.selectedTitle?.title == "Night Shift")
    }

    @Test("while more may come and no match is loaded below, n goes to the last loaded row (the next page loads)")
    func nextMatchLoadsMore() {
        var state = Self.searched(Array(Self.result.prefix(4)), more: true)
        AppFixtures.send([.character("n"), .character("n")], to: &state)
        #expect(state.list.selectedTitle?.title == "Quiet")
        #expect(state.list.isLoading)
    }

    @Test("past the last match of a long result whose start was let go of, n goes to its real first row; N before the first goes to its real last")
    func wrapsBeyondTheLoaded() throws {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("/")], to: &state)
        AppFixtures.type("night", to: &state)
        AppFixtures.send([.enter], to: &state)
        let first = try #require(state.list.pageToLoad)
        let firstPage = Page(items: Self.result, next: .offset(5), last: .token("end"))
        AppReducer.reduce(&state, .list(.pageLoaded(firstPage, for: first)))
        // N on the first match, with more to come and nothing before: the real last row.
        AppFixtures.send([.character("N")], to: &state)
        let last = try #require(state.list.pageToLoad)
        #expect(last.cursor == .token("end"))
        let tail = [Self.title("Night Train"), Self.title("Nights")]
        AppReducer.reduce(&state, .list(.pageLoaded(Page(items: tail, next: nil, previous: .token("before.98"), last: .token("end"),
                                                         total: 100), for: last)))
        #expect(state.list.selectedTitle?.title == "Nights" && state.list.hasEarlier && !state.list.hasMore)
        // n on the last match: the first row of the whole result, asked for again.
        AppFixtures.send([.character("n")], to: &state)
        let start = try #require(state.list.pageToLoad)
        #expect(start.cursor == .start)
        AppReducer.reduce(&state, .list(.pageLoaded(firstPage, for: start)))
        #expect(state.list.selectedTitle?.title == "Night Shift" && state.list.firstIndex == 0)
    }

    @Test("accents and case are ignored, as the search does; a title with no match anywhere leaves n where it is")
    func foldedAndNone() {
        var state = Self.searched([Self.title("Nîght Owl"), Self.title("Harbour", genre: "Night"), Self.title("NIGHTFALL")])
        AppFixtures.send([.character("n")], to: &state)
        #expect(state.list.selectedTitle?.title == "NIGHTFALL")
        var genresOnly = Self.searched([Self.title("Harbour", genre: "Night"), Self.title("Quiet", genre: "Night")])
        AppFixtures.send([.character("n")], to: &genresOnly)
        #expect(genresOnly.list.selection == 0)
    }

    @Test("Ctrl+D and Ctrl+U on the downloads screen move by half its rows")
    func downloadsHalfPages() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 100))
        for index in 0..<30 {
            AppReducer.reduce(&state, .download(.changed(DownloadSummary(title: EmbeddedCatalog.titles[index], status: .queued))))
        }
        AppFixtures.send([.character("o")], to: &state)
        #expect(Layout.downloadsRows(for: state.size) == 8)
        #expect(KeyMap.event(for: .control("d"), in: state) == .downloadsMovedHalfPage(down: true))
        AppFixtures.send([.control("d")], to: &state)
        #expect(state.downloadsScreen?.selection == 4)
        AppFixtures.send(Array(repeating: .control("d"), count: 10), to: &state)
        #expect(state.downloadsScreen?.selection == 29)
        AppFixtures.send([.control("u")], to: &state)
        #expect(state.downloadsScreen?.selection == 25)
    }

    @Test("Ctrl+D and Ctrl+U scroll the help half its box, and stop at its ends")
    func helpHalfPages() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 60))
        AppFixtures.send([.character("?")], to: &state)
        let half = HelpOverlay.visibleLines(for: state) / 2
        #expect(half == 5)
        AppFixtures.send([.control("d")], to: &state)
        #expect(state.helpOffset == half)
        AppFixtures.send(Array(repeating: .control("d"), count: 20), to: &state)
        #expect(state.helpOffset == HelpOverlay.maximumOffset(for: state))
        AppFixtures.send(Array(repeating: .control("u"), count: 20), to: &state)
        #expect(state.helpOffset == 0)
    }
}
