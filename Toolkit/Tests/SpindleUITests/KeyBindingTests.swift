import SpindleUI
import Terminal
import Testing

@Suite("Key bindings")
struct KeyBindingTests {
    let up = KeyBinding(keys: [.up, .character("k")], label: "↑/k", description: "up", isInShortHelp: true)
    let down = KeyBinding(keys: [.down, .character("j")], label: "↓/j", description: "down", isInShortHelp: true)
    let search = KeyBinding(keys: [.character("/")], description: "search", isInShortHelp: true)
    let retry = KeyBinding(keys: [.character("r")], description: "retry a failed page", isEnabled: false, isInShortHelp: true)
    let quit = KeyBinding(keys: [.character("q"), .control("c")], description: "quit", isInShortHelp: true)
    let details = KeyBinding(keys: [.character("i")], description: "details")

    var all: [KeyBinding] { [up, down, search, retry, details, quit] }

    @Test("a key matches the enabled binding that lists it, never a disabled one")
    func matching() {
        #expect(all.first(matching: .character("k")) == up)
        #expect(all.first(matching: .control("c")) == quit)
        #expect(all.first(matching: .character("r")) == nil)
        #expect(all.first(matching: .character("r")) == nil)
        #expect(retry.enabled(true).matches(.character("r")))
        #expect(all.enabledBindings.count == 5)
    }

    @Test("the label defaults to the keys' names")
    func defaultLabel() {
        #expect(quit.label == "q/Ctrl+C")
        #expect(KeyBinding(keys: [.alt(.character("b"))], description: "word back").label == "Alt+b")
    }

    @Test("the short line lists short-help bindings and drops whole hints that do not fit")
    func shortLine() {
        #expect(KeyHelp.shortLine(all, width: 80) == "↑/k up  ↓/j down  / search  q/Ctrl+C quit")
        #expect(KeyHelp.shortLine(all, width: 29) == "↑/k up  ↓/j down  / search  …")
        #expect(KeyHelp.shortLine(all, width: 28) == "↑/k up  ↓/j down  / search")
        #expect(KeyHelp.shortLine(all, width: 19) == "↑/k up  ↓/j down  …")
        #expect(KeyHelp.shortLine(all, width: 6) == "↑/k up")
        #expect(KeyHelp.shortLine(all, width: 3) == "…")
        #expect(KeyHelp.shortLine(all, width: 0) == "")
    }

    @Test("the full help groups enabled bindings by section, skipping empty sections")
    func fullLines() {
        let sections = [KeyBindingSection("List", [up, retry]), KeyBindingSection("Hidden", [retry]),
                        KeyBindingSection("", [quit])]
        #expect(KeyHelp.lines(sections) == [
            .title("List"), .binding(label: "↑/k", description: "up"), .blank,
            .binding(label: "q/Ctrl+C", description: "quit"),
        ])
    }

    @Test("the Markdown key table comes from the same bindings")
    func markdown() {
        let sections = [KeyBindingSection("List", [up, down, retry]),
                        KeyBindingSection("", [KeyBinding(keys: [.character("|")], description: "pipe")])]
        #expect(KeyHelp.markdownTable(sections) == """
            ### List

            | Keys | Action |
            |---|---|
            | ↑/k | up |
            | ↓/j | down |

            | Keys | Action |
            |---|---|
            | \\| | pipe |

            """)
    }
}
