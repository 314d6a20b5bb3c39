import Browser
import Catalog
import Terminal
import TerminalTesting
import Testing
@testable import AppCore

@Suite("Browser screens (headless snapshots)")
struct BrowserScreenTests {
    @Test("the first page at 80x24")
    func list80x24() {
        expectSnapshot(AppFixtures.render(AppFixtures.state(size: Size(rows: 24, columns: 80))), named: "list-80x24")
    }

    @Test("the first page at 40x12: narrow columns drop out, titles cut by display width")
    func list40x12() {
        expectSnapshot(AppFixtures.render(AppFixtures.state(size: Size(rows: 12, columns: 40))), named: "list-40x12")
    }

    @Test("two pages at 200x60, scrolled, with the next page loading")
    func list200x60() {
        var state = AppFixtures.state(size: Size(rows: 60, columns: 200), pages: 2)
        AppFixtures.send(Array(repeating: .down, count: 70), to: &state)
        #expect(state.list.isLoading)
        expectSnapshot(AppFixtures.render(state, tick: 3), named: "list-200x60-loading")
    }

    @Test("hostile titles are drawn inert")
    func hostile() {
        let wipe = EmbeddedCatalog.titles.firstIndex { $0.title.hasPrefix("Screen Wipe") }!
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        while state.list.items.count <= wipe + 10 { AppFixtures.loadNextPage(&state) }
        AppFixtures.send(Array(repeating: .down, count: wipe), to: &state)
        #expect(state.list.selectedTitle?.title == "Screen Wipe \u{1B}[2J")
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("Screen Wipe ␛[2J"))
        #expect(!screen.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) })
        expectSnapshot(screen, named: "list-hostile-titles")
    }

    @Test("the query line while typing shows the cursor after the text")
    func searchOpen() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 40))
        AppFixtures.send([.character("/"), .character("k"), .character("y"), .character("ō")], to: &state)
        let screen = AppFixtures.render(state)
        #expect(screen.rowText(11).hasPrefix("Search: kyō "))
        #expect(screen.cursor == Position(row: 11, column: 11))
        expectSnapshot(screen, named: "search-typing")
    }

    @Test("an empty search says nothing matched")
    func nothingMatched() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 40))
        AppFixtures.send([.character("/"), .character("z"), .character("z"), .enter], to: &state)
        #expect(state.list.query == "zz")
        let request = state.list.pageToLoad!
        AppReducer.reduce(&state, .list(.pageLoaded(Page(items: [], next: nil), for: request)))
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("Nothing matched “zz”"))
        expectSnapshot(screen, named: "search-nothing-matched")
    }

    @Test("a failed page shows the reason and how to retry")
    func failed() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 60))
        AppFixtures.send(Array(repeating: .down, count: 45), to: &state)
        let request = state.list.pageToLoad!
        AppReducer.reduce(&state, .list(.pageFailed("simulated network failure", for: request)))
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("50 loaded, stopped"))
        #expect(screen.rowText(11) == " could not load: simulated network failure - r to retry")
        expectSnapshot(screen, named: "page-failed")
        AppFixtures.send([.character("r")], to: &state)
        #expect(state.list.pageToLoad == request)
    }

    @Test("? shows the keys of the screen under it and its own; ? or Esc closes it, q quits")
    func help() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("?")], to: &state)
        let screen = AppFixtures.render(state)
        #expect(AppKeys.helpSections(for: state).map(\.title).contains("Search line"), "the query line's keys too, below")
        #expect(screen.text.contains("more ↓"), "it does not fit: it scrolls")
        #expect(!screen.text.contains("retry"), "r is not offered when nothing failed")
        expectSnapshot(screen, named: "help-80x24")
        AppFixtures.send([.down, .character("j")], to: &state)
        #expect(state.isHelpShown)
        #expect(state.list.selection == 0, "the list behind does not move")
        AppFixtures.send([.escape], to: &state)
        #expect(!state.isHelpShown)
        AppFixtures.send([.character("?"), .character("?")], to: &state)
        #expect(!state.isHelpShown)
        AppFixtures.send([.character("?"), .character("q")], to: &state)
        #expect(state.isQuitting)
    }

    @Test("the help scrolls when it does not fit, and stops at its end")
    func helpScrolls() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 60))
        AppFixtures.send([.character("?")], to: &state)
        #expect(AppFixtures.render(state).text.contains("more ↓"))
        AppFixtures.send(Array(repeating: .down, count: 60), to: &state)
        let maximum = HelpOverlay.maximumOffset(for: state)
        #expect(maximum > 0)
        #expect(state.helpOffset == maximum)
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("↑ more"))
        #expect(screen.text.contains("quit"))
        expectSnapshot(screen, named: "help-scrolled-60x12")
    }

    @Test("i opens the detail, Esc goes back to the same row, Enter plays")
    func detail() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.down, .down, .character("i")], to: &state)
        expectSnapshot(AppFixtures.render(state), named: "detail-80x24")
        AppFixtures.send([.escape], to: &state)
        #expect(state.list.detail == nil)
        #expect(state.list.selection == 2)
        AppFixtures.send([.character("i"), .enter], to: &state)
        #expect(state.player?.title.id == state.list.selectedTitle?.id)
    }

    @Test("the details leave out an intro or credits the title does not have")
    func detailWithoutMarks() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let short = Title(id: "s", title: "Short", year: 2001, genre: "Short", duration: 45, introStart: 0, introEnd: 0,
                          creditsStart: 45)
        AppReducer.reduce(&state, .list(.searchOpened))
        AppReducer.reduce(&state, .list(.searchChanged("s")))
        AppReducer.reduce(&state, .list(.pageLoaded(Page(items: [short], next: nil), for: state.list.pageToLoad!)))
        AppReducer.reduce(&state, .list(.searchApplied))
        AppFixtures.send([.character("i")], to: &state)
        let text = AppFixtures.render(state).text
        #expect(text.contains("45s"))
        #expect(!text.contains("Intro"))
        #expect(!text.contains("Credits"))
    }

    @Test("the rows highlight the letters the search matched, accents and case aside")
    func matchHighlight() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("/")], to: &state)
        AppFixtures.type("amelie", to: &state)
        let amelie = EmbeddedCatalog.titles.filter { $0.title.hasPrefix("Amélie") }
        AppReducer.reduce(&state, .list(.pageLoaded(Page(items: amelie, next: nil), for: state.list.pageToLoad!)))
        let screen = AppFixtures.render(state)
        #expect(screen.rowText(2).hasPrefix(" Amélie"))
        #expect(screen.cell(row: 2, column: 1).style == Theme.standard.selectedMatch)
        #expect(screen.cell(row: 2, column: 6).style == Theme.standard.selectedMatch)
        #expect(screen.cell(row: 2, column: 7).style == Theme.standard.selected)
        #expect(screen.cell(row: 3, column: 1).style == Theme.standard.match)
    }

    @Test("each word of a search is highlighted where it occurs, as a library finds titles word by word")
    func wordHighlight() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("/")], to: &state)
        AppFixtures.type("amelie montr", to: &state)
        let title = Title(id: "x", title: "Amélie à Montréal", year: 2001, genre: "", duration: 60, introStart: 0,
                          introEnd: 0, creditsStart: 60)
        AppReducer.reduce(&state, .list(.pageLoaded(Page(items: [title], next: nil), for: state.list.pageToLoad!)))
        let screen = AppFixtures.render(state)
        #expect(screen.rowText(2).hasPrefix(" Amélie à Montréal"))
        #expect(screen.cell(row: 2, column: 1).style == Theme.standard.selectedMatch)    // A
        #expect(screen.cell(row: 2, column: 7).style == Theme.standard.selected)         // the space
        #expect(screen.cell(row: 2, column: 8).style == Theme.standard.selected)         // à
        #expect(screen.cell(row: 2, column: 10).style == Theme.standard.selectedMatch)   // M
        #expect(screen.cell(row: 2, column: 14).style == Theme.standard.selectedMatch)   // r
        #expect(screen.cell(row: 2, column: 15).style == Theme.standard.selected)        // é
    }

    @Test("a terminal too small for the layout shows a notice")
    func tooSmall() {
        let state = AppFixtures.state(size: Size(rows: 4, columns: 20))
        #expect(state.isTooSmall)
        #expect(AppFixtures.render(state).text == "Too small\nneeds 24x6\n\n")
    }

    @Test("on a server the header names it, host and port, beside the search or the view")
    func serverInHeader() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        #expect(AppFixtures.render(state).rowText(0).hasPrefix(" Spindle "))
        state.server = "nas.local:8700"
        #expect(AppFixtures.render(state).rowText(0).hasPrefix(" Spindle · nas.local:8700 "), "\(AppFixtures.render(state).rowText(0))")
        AppFixtures.send([.character("/")], to: &state)
        AppFixtures.type("noir", to: &state)
        #expect(AppFixtures.render(state).rowText(0).hasPrefix(" Spindle · nas.local:8700  “noir”"),
                "\(AppFixtures.render(state).rowText(0))")
        // A name that is not plain text is drawn inert.
        state.server = "evil\u{1B}]2;x\u{07}:1"
        #expect(!AppFixtures.render(state).rowText(0).contains("\u{1B}"))
    }
}
