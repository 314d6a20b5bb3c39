import Browser
import Catalog
import Terminal
import TerminalTesting
import Testing
@testable import SpindleApp

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
        #expect(screen.rowText(11) == "Search: kyō")
        #expect(screen.cursor == Position(row: 11, column: 11))
        expectSnapshot(screen, named: "search-typing")
    }

    @Test("an empty search says nothing matched")
    func nothingMatched() {
        var state = AppFixtures.state(size: Size(rows: 12, columns: 40))
        AppFixtures.send([.character("/"), .character("z"), .character("z"), .enter], to: &state)
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

    @Test("? shows every binding; any key closes it")
    func help() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character("?")], to: &state)
        expectSnapshot(AppFixtures.render(state), named: "help-80x24")
        AppFixtures.send([.down], to: &state)
        #expect(!state.isHelpShown)
        #expect(state.list.selection == 0)
    }

    @Test("i opens the detail, Esc goes back to the same row")
    func detail() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.down, .down, .character("i")], to: &state)
        expectSnapshot(AppFixtures.render(state), named: "detail-80x24")
        AppFixtures.send([.escape], to: &state)
        #expect(state.list.detail == nil)
        #expect(state.list.selection == 2)
    }

    @Test("a terminal too small for the layout shows a notice")
    func tooSmall() {
        let state = AppFixtures.state(size: Size(rows: 4, columns: 20))
        #expect(state.isTooSmall)
        #expect(AppFixtures.render(state).text == "Too small\nneeds 24x6\n\n")
    }
}
