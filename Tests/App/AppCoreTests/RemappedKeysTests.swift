import Browser
import SpindleUI
import Terminal
import TerminalTesting
import Testing
@testable import AppCore

/// Keys a configuration gives commands by name (`AppKeyTable`), and the theme it draws in.
@Suite("Rebound keys and themes")
struct RemappedKeysTests {
    static let size = Size(rows: 24, columns: 80)

    @Test("list.down on n: n moves down, j does nothing, the help shows n")
    func downOnN() {
        let keys = AppKeyTable(rebinding: ["list.down": [.character("n")]])
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([.character("j")], to: &state, keys: keys)
        #expect(state.list.selection == 0)
        AppFixtures.send([.character("n"), .character("n")], to: &state, keys: keys)
        #expect(state.list.selection == 2)
        AppFixtures.send([.down], to: &state, keys: keys)
        #expect(state.list.selection == 2, "Down was a default of list.down, replaced")
        AppFixtures.send([.character("?")], to: &state, keys: keys)
        let help = AppFixtures.render(state, preferences: AppPreferences(keys: keys)).text
        let line = help.split(separator: "\n").first { $0.contains("move down") }
        #expect(line?.contains(" n ") == true, "\(help)")
        #expect(!help.contains("↓ j"))
    }

    @Test("the footer's hints show a rebound key: list.search on s")
    func footerFollows() {
        let keys = AppKeyTable(rebinding: ["list.search": [.character("s")], "list.quit": [.control("q")]])
        let footer = AppFixtures.render(AppFixtures.state(size: Self.size), preferences: AppPreferences(keys: keys)).rowText(23)
        #expect(footer.hasPrefix(" s search  Enter play  ? help  Ctrl+Q quit"), "\(footer)")
    }

    @Test("the footer's kept hint line is the one made afresh, for each screen and width, and follows a resize")
    func keptHints() {
        let keys = AppKeyTable(rebinding: ["list.search": [.character("s")]])
        var state = AppFixtures.state(size: Self.size)
        func fresh(_ width: Int) -> String {
            KeyHelp.shortLine(keys.sections(for: state).bindings(), width: width)
        }
        for width in [79, 79, 30, 79, 12] {
            #expect(keys.hints(for: state, width: width) == KeyHints(text: fresh(width), width: DisplayText.width(fresh(width))))
        }
        // Another screen (the query line), then the list again, with the help over it.
        AppFixtures.send([.character("s")], to: &state, keys: keys)
        #expect(state.list.isSearchOpen)
        #expect(keys.hints(for: state, width: 79).text == fresh(79))
        AppFixtures.send([.escape, .character("?")], to: &state, keys: keys)
        #expect(state.isHelpShown)
        #expect(keys.hints(for: state, width: 79).text == fresh(79))
        #expect(keys.downloadsHints(width: 40).text == KeyHelp.shortLine(keys.downloadsSections.bindings(), width: 40))
    }

    @Test("a rebound search key edits as its default did, and the default no longer does")
    func searchEditing() {
        let keys = AppKeyTable(rebinding: ["search.delete-back": [.control("x")]])
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([.character("/"), .character("a"), .character("b"), .control("x")], to: &state, keys: keys)
        #expect(state.searchInput.text == "a")
        AppFixtures.send([.backspace], to: &state, keys: keys)
        #expect(state.searchInput.text == "a")
    }

    @Test("a key given to two commands of one screen is refused, or to one while another keeps it; a swap is not; an unknown name is reported")
    func check() {
        let swap = AppKeyTable.check(["list.down": [.character("k")], "list.up": [.character("j")]])
        #expect(swap.problems.isEmpty && swap.accepted.count == 2)
        let twice = AppKeyTable.check(["list.down": [.character("x")], "list.up": [.character("x")], "player.mute": [.character("m")]])
        #expect(twice.problems["list.down"] == .boundTwice(.character("x"), screen: .list, commands: ["list.up", "list.down"]))
        #expect(twice.problems["player.mute"] == nil)
        // A key another command of the screen keeps is refused: q still quits, j still moves down.
        let quitKey = AppKeyTable.check(["list.down": [.character("q")]])
        #expect(quitKey.problems["list.down"] == .boundTwice(.character("q"), screen: .list, commands: ["list.down", "list.quit"]))
        #expect(quitKey.accepted.isEmpty)
        let keys = AppKeyTable(rebinding: quitKey.accepted)
        let state = AppState(list: ListState(pageSize: 50), size: Size(rows: 24, columns: 80))
        #expect(keys.sections(for: state).event(for: .character("q")) == .quitRequested)
        let downKey = AppKeyTable.check(["list.up": [.character("j")]])
        #expect(downKey.problems["list.up"] == .boundTwice(.character("j"), screen: .list, commands: ["list.up", "list.down"]))
        let skipKey = AppKeyTable.check(["player.back": [.character("s")]])
        #expect(skipKey.problems["player.back"] == .boundTwice(.character("s"), screen: .player,
                                                               commands: ["player.skip-intro", "player.back"]))
        // The same key in another screen is no clash: the details have no j.
        #expect(AppKeyTable.check(["details.play": [.character("j")]]).problems.isEmpty)
        #expect(AppKeyTable.check(["list.dwn": [.character("n")]]).problems["list.dwn"] == .unknownCommand("list.dwn"))
        // The defaults' own overlap (the player's Enter) is no mistake.
        #expect(AppKeyTable.check([:]).problems.isEmpty)
    }

    @Test("every command has a name, unique in its screen")
    func namesAreUnique() {
        for screen in KeyScreen.allCases {
            let names = screen.section.commands.compactMap(\.name)
            #expect(Set(names).count == names.count, "\(screen)")
            // Only the mouse's, pastes' and other keys' lines have none: they have no keys.
            for command in screen.section.commands where command.name == nil { #expect(command.binding.keys.isEmpty) }
        }
    }

    @Test("a theme's styles are what the screen is drawn in")
    func themedList() {
        var theme = Theme.standard
        theme.header = Style(.bold, foreground: .indexed(231), background: .indexed(25))
        theme.selected = Style(.underline, foreground: .yellow)
        theme.footer = Style(.italic)
        let state = AppFixtures.state(size: Size(rows: 8, columns: 60))
        expectSnapshot(AppFixtures.render(state, preferences: AppPreferences(theme: theme)), named: "list-themed-60x8")
    }

    @Test("without colours (NO_COLOR) a theme keeps its attributes only")
    func withoutColors() {
        var theme = Theme.standard
        theme.header = Style(.bold, foreground: .indexed(231), background: .indexed(25))
        let plain = theme.withoutColors
        #expect(plain.header == Style(.bold))
        #expect(Theme.Role.allCases.allSatisfy { plain[$0].foreground == .default && plain[$0].background == .default })
    }
}
