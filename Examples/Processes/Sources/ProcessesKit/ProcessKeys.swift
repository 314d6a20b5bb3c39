import SpindleUI
import Terminal

/// A key binding and the event it sends: the key map, the footer hints and the help read these.
public typealias ProcessCommand = KeyCommand<ProcessEvent>

/// The browser's keys. While the filter is typed every other key is text; the help closes on any key.
public enum ProcessKeys {
    /// The event `input` means in `state`; nil ignores it.
    public static func event(for input: InputEvent, in state: ProcessState) -> ProcessEvent? {
        switch input {
        case .key(let key): event(for: key, in: state)
        case .paste: state.filterInput != nil ? .filterEdited(input) : nil
        case .mouse: nil
        case .resize(let size): .resized(size)
        }
    }

    /// The event `key` means in `state`; nil ignores it.
    public static func event(for key: Key, in state: ProcessState) -> ProcessEvent? {
        if state.filterInput != nil { return filtering.commands.event(for: key) ?? .filterEdited(.key(key)) }
        if state.isHelpShown { return key == .control("c") ? .quitRequested : .helpToggled }
        return commands(in: state).event(for: key)
    }

    /// The bindings by section, as the help and the footer show them.
    public static func sections(in state: ProcessState) -> [KeyBindingSection] {
        (commands(in: state) + [filtering]).sections()
    }

    /// The commands when the filter is not being typed; a disabled one matches no key and shows nowhere.
    static func commands(in state: ProcessState) -> [KeyCommandSection<ProcessEvent>] {
        [
            KeyCommandSection("Processes", [
                ProcessCommand([.character("s")], label: "s", description: "sort: \(state.sort.next.title) next",
                               isInShortHelp: true, sends: .sortCycled),
                ProcessCommand([.character("/")], label: "/", description: "filter", isInShortHelp: true, sends: .filterOpened),
                ProcessCommand([.escape], label: "Esc", description: "clear filter", isEnabled: !state.filter.isEmpty,
                               isInShortHelp: true, sends: .filterCleared),
                ProcessCommand([.enter, .character("i")], label: "Enter/i", description: "details",
                               isEnabled: state.selected != nil, isInShortHelp: true, sends: .detailToggled),
                ProcessCommand([.character("r")], label: "r", description: "refresh now", sends: .refreshDue),
            ]),
            KeyCommandSection("Moving", [
                ProcessCommand([.up, .character("k")], label: "↑/k", description: "previous process", sends: .selectionMoved(.up)),
                ProcessCommand([.down, .character("j")], label: "↓/j", description: "next process", sends: .selectionMoved(.down)),
                ProcessCommand([.pageUp, .pageDown], label: "PgUp/PgDn", description: "a page up/down") {
                    .selectionMoved($0 == .pageUp ? .pageUp : .pageDown)
                },
                ProcessCommand([.home, .character("g"), .end, .character("G")], label: "g/G", description: "first/last process") {
                    .selectionMoved([.home, .character("g")].contains($0) ? .home : .end)
                },
            ]),
            KeyCommandSection("", [
                ProcessCommand([.character("?")], label: "?", description: "help", isInShortHelp: true, sends: .helpToggled),
                ProcessCommand([.character("q"), .control("c")], label: "q", description: "quit", isInShortHelp: true,
                               sends: .quitRequested),
            ]),
        ]
    }

    static let filtering = KeyCommandSection("While typing the filter", [
        ProcessCommand([.enter], label: "Enter", description: "keep the filter", sends: .filterKept),
        ProcessCommand([.escape], label: "Esc", description: "clear the filter", sends: .filterCleared),
        ProcessCommand([.control("c")], label: "Ctrl+C", description: "quit", sends: .quitRequested),
    ])
}
