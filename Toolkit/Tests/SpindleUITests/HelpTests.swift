import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Help")
struct HelpTests {
    var help: Help {
        Help(sections: [
            KeyBindingSection("List", [
                KeyBinding(keys: [.up, .character("k")], label: "↑/k", description: "up", isInShortHelp: true),
                KeyBinding(keys: [.down, .character("j")], label: "↓/j", description: "down", isInShortHelp: true),
                KeyBinding(keys: [.character("r")], description: "retry", isEnabled: false, isInShortHelp: true),
                KeyBinding(keys: [.character("/")], description: "search the catalog", isInShortHelp: true),
            ]),
            KeyBindingSection("Player", [
                KeyBinding(keys: [.character(" ")], description: "play / pause"),
                KeyBinding(keys: [.left, .right], label: "←/→", description: "seek 10 s"),
            ]),
            KeyBindingSection("", [KeyBinding(keys: [.character("q")], description: "quit", isInShortHelp: true)]),
        ], footnote: "Any key closes this help.")
    }

    @Test("the full help matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func full(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in help.renderFull(in: area, on: canvas) }
        expectSnapshot(screen, named: "help-full-\(size.name)")
    }

    @Test("scrolled, the full help shows marks for what is above and below")
    func scrolled() {
        var help = help
        help.scrollDown(by: 3)
        let screen = drawn(rows: 8, columns: 40) { area, canvas in help.renderFull(in: area, on: canvas) }
        expectSnapshot(screen, named: "help-full-scrolled")
        help.scrollDown(by: 100)
        #expect(help.visibleOffset(visibleLines: 6) == help.lines.count - 6)
    }

    @Test("the short help matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func short(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: 1, columns: size.columns) { area, canvas in help.renderShort(in: area, on: canvas) }
        expectSnapshot(screen, named: "help-short-\(size.name)")
    }
}
