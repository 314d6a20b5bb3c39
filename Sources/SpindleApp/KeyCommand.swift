import SpindleUI
import Terminal

/// A key binding (its keys and its help) with the event it sends: the one value that the key
/// map matches, and that the footer hints, the help and the docs' key tables are drawn from.
struct KeyCommand: Sendable {
    var binding: KeyBinding
    /// The event for a key the binding matched (a binding of several keys may send several).
    var event: @Sendable (Key) -> AppEvent?

    init(_ keys: [Key], _ label: String, _ description: String, isEnabled: Bool = true, isInShortHelp: Bool = false,
         event: @escaping @Sendable (Key) -> AppEvent?) {
        binding = KeyBinding(keys: keys, label: label, description: description, isEnabled: isEnabled,
                             isInShortHelp: isInShortHelp)
        self.event = event
    }

    init(_ keys: [Key], _ label: String, _ description: String, isEnabled: Bool = true, isInShortHelp: Bool = false,
         sends event: AppEvent?) {
        self.init(keys, label, description, isEnabled: isEnabled, isInShortHelp: isInShortHelp, event: { _ in event })
    }
}

/// A titled group of commands: a section of the help and of the docs' key tables.
struct KeyCommandSection: Sendable {
    var title: String
    var commands: [KeyCommand]

    init(_ title: String, _ commands: [KeyCommand]) {
        self.title = title
        self.commands = commands
    }

    var section: KeyBindingSection { KeyBindingSection(title, commands.map(\.binding)) }
}

extension Array where Element == KeyCommandSection {
    /// The event of the first enabled binding that `key` triggers.
    func event(for key: Key) -> AppEvent?? {
        for section in self {
            for command in section.commands where command.binding.matches(key) { return .some(command.event(key)) }
        }
        return nil
    }

    var bindings: [KeyBinding] { flatMap { $0.commands.map(\.binding) } }
    var sections: [KeyBindingSection] { map(\.section) }
}
