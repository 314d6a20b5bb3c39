import SpindleUI
import Terminal

/// A key binding and the event it sends. The key map, the footer hints and the help are all
/// read from these, so a key is written down once.
public struct TodoCommand: Sendable {
    public var binding: KeyBinding
    public var event: TodoEvent

    public init(_ binding: KeyBinding, _ event: TodoEvent) {
        self.binding = binding
        self.event = event
    }
}

/// The app's keys. Which ones apply depends on the state: Space and d need a selected todo,
/// and while a todo is being typed every other key is text.
public enum TodoKeys {
    /// The event `key` means in `state`; nil ignores it.
    public static func event(for key: Key, in state: TodoState) -> TodoEvent? {
        if case .resize(let size) = key { return .resized(size) }
        if state.draft != nil {
            return draftCommands.first { $0.binding.matches(key) }?.event ?? .draftKeyPressed(key)
        }
        if state.isHelpShown {
            return key == .control("c") ? .quitRequested : .helpToggled   // any key closes the help
        }
        let commands = todoCommands(in: state) + movingCommands + appCommands
        return commands.first { $0.binding.matches(key) }?.event
    }

    /// The bindings by section, as the help and the footer show them.
    public static func sections(in state: TodoState) -> [KeyBindingSection] {
        [
            KeyBindingSection("Todos", todoCommands(in: state).map(\.binding)),
            KeyBindingSection("Moving", movingCommands.map(\.binding)),
            KeyBindingSection("While typing a todo", draftCommands.map(\.binding)),
            KeyBindingSection("", appCommands.map(\.binding)),
        ]
    }

    static func todoCommands(in state: TodoState) -> [TodoCommand] {
        let hasSelection = state.selectedTodo != nil
        return [
            TodoCommand(KeyBinding(keys: [.character("a")], description: "add", isInShortHelp: true), .addOpened),
            TodoCommand(KeyBinding(keys: [.character(" ")], description: "done/undo", isInShortHelp: true)
                .enabled(hasSelection), .doneToggled),
            TodoCommand(KeyBinding(keys: [.character("d")], description: "delete", isInShortHelp: true)
                .enabled(hasSelection), .deleteRequested),
            TodoCommand(KeyBinding(keys: [.character("f")], description: "filter", isInShortHelp: true),
                        .filterCycled),
        ]
    }

    static let movingCommands = [
        TodoCommand(KeyBinding(keys: [.up, .character("k")], label: "↑/k", description: "previous todo"), .selectionMoved(.up)),
        TodoCommand(KeyBinding(keys: [.down, .character("j")], label: "↓/j", description: "next todo"), .selectionMoved(.down)),
        TodoCommand(KeyBinding(keys: [.home, .character("g")], label: "Home/g", description: "first todo"),
                    .selectionMoved(.home)),
        TodoCommand(KeyBinding(keys: [.end, .character("G")], label: "End/G", description: "last todo"),
                    .selectionMoved(.end)),
    ]

    static let draftCommands = [
        TodoCommand(KeyBinding(keys: [.enter], description: "add the todo"), .draftSubmitted),
        TodoCommand(KeyBinding(keys: [.escape], description: "cancel"), .draftCancelled),
        TodoCommand(KeyBinding(keys: [.control("c")], description: "quit"), .quitRequested),
    ]

    static let appCommands = [
        TodoCommand(KeyBinding(keys: [.character("?")], description: "help", isInShortHelp: true), .helpToggled),
        TodoCommand(KeyBinding(keys: [.character("q"), .control("c")], label: "q", description: "quit", isInShortHelp: true),
                    .quitRequested),
    ]
}
