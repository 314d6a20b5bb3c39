import SpindleUI
import Terminal

/// A key binding and the event it sends (SpindleUI's `KeyCommand`). The key map, the footer
/// hints and the help are all read from these, so a key is written down once.
public typealias TodoCommand = KeyCommand<TodoEvent>

/// The app's keys. Which ones apply depends on the state: Space and d need a selected todo,
/// and while a todo is being typed every other key is text.
public enum TodoKeys {
    /// The event `input` means in `state`; nil ignores it. A paste is text for the todo being
    /// typed, if there is one; the mouse does nothing.
    public static func event(for input: InputEvent, in state: TodoState) -> TodoEvent? {
        switch input {
        case .key(let key): event(for: key, in: state)
        case .paste: state.draft != nil ? .draftEdited(input) : nil
        case .mouse: nil
        case .resize(let size): .resized(size)
        }
    }

    /// The event `key` means in `state`; nil ignores it.
    public static func event(for key: Key, in state: TodoState) -> TodoEvent? {
        if state.draft != nil {
            if let command = draftCommands.command(for: key) { return command.event(key) }
            return .draftEdited(.key(key))
        }
        if state.isHelpShown {
            return key == .control("c") ? .quitRequested : .helpToggled   // any key closes the help
        }
        let commands = todoCommands(in: state) + movingCommands + appCommands
        return commands.event(for: key)
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
            TodoCommand(KeyBinding(keys: [.character("a")], description: "add", isInShortHelp: true), sends: .addOpened),
            TodoCommand(KeyBinding(keys: [.character(" ")], description: "done/undo", isInShortHelp: true)
                .enabled(hasSelection), sends: .doneToggled),
            TodoCommand(KeyBinding(keys: [.character("d")], description: "delete", isInShortHelp: true)
                .enabled(hasSelection), sends: .deleteRequested),
            TodoCommand(KeyBinding(keys: [.character("f")], description: "filter", isInShortHelp: true),
                        sends: .filterCycled),
        ]
    }

    static let movingCommands = [
        TodoCommand(KeyBinding(keys: [.up, .character("k")], label: "↑/k", description: "previous todo"),
                    sends: .selectionMoved(.up)),
        TodoCommand(KeyBinding(keys: [.down, .character("j")], label: "↓/j", description: "next todo"),
                    sends: .selectionMoved(.down)),
        TodoCommand(KeyBinding(keys: [.home, .character("g")], label: "Home/g", description: "first todo"),
                    sends: .selectionMoved(.home)),
        TodoCommand(KeyBinding(keys: [.end, .character("G")], label: "End/G", description: "last todo"),
                    sends: .selectionMoved(.end)),
    ]

    static let draftCommands = [
        TodoCommand(KeyBinding(keys: [.enter], description: "add the todo"), sends: .draftSubmitted),
        TodoCommand(KeyBinding(keys: [.escape], description: "cancel"), sends: .draftCancelled),
        TodoCommand(KeyBinding(keys: [.control("c")], description: "quit"), sends: .quitRequested),
    ]

    static let appCommands = [
        TodoCommand(KeyBinding(keys: [.character("?")], description: "help", isInShortHelp: true), sends: .helpToggled),
        TodoCommand(KeyBinding(keys: [.character("q"), .control("c")], label: "q", description: "quit", isInShortHelp: true),
                    sends: .quitRequested),
    ]
}
