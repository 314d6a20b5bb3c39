import Terminal

/// A key binding with the event it sends: the one value an app's key map matches, and that its
/// footer hints, its help and its docs' key tables are drawn from, so they cannot disagree.
/// A `name` ("down", "seek-forward") lets a user's configuration give the command other keys
/// (see `rebound(to:label:)`).
///
///     let delete = KeyCommand([.character("d")], label: "d", description: "delete", isEnabled: hasSelection, sends: .deleteRequested)
///     let move = KeyCommand([.up, .down], label: "↑↓", description: "move") { key in key == .up ? .moved(-1) : .moved(1) }
///     let quit = KeyCommand([.character("q")], label: "q", description: "quit", sends: .quitRequested).named("quit")
public struct KeyCommand<Event: Sendable>: Sendable {
    /// The keys and their help.
    public var binding: KeyBinding
    /// The event for a key the binding matched (a binding of several keys may send several).
    public var event: @Sendable (Key) -> Event?
    /// The command's stable name, for configurations; nil for what cannot be rebound (the
    /// mouse's and pastes' help lines).
    public var name: String?

    /// A command whose event depends on the key pressed.
    ///
    ///     KeyCommand([.left, .right], label: "← →", description: "seek 10 s") { $0 == .left ? .seek(-10) : .seek(10) }
    public init(_ keys: [Key], label: String, description: String, isEnabled: Bool = true,
                isInShortHelp: Bool = false, event: @escaping @Sendable (Key) -> Event?) {
        self.init(KeyBinding(keys: keys, label: label, description: description, isEnabled: isEnabled,
                             isInShortHelp: isInShortHelp), event: event)
    }

    /// A command that sends one event whichever of its keys is pressed.
    ///
    ///     KeyCommand([.character("q"), .control("c")], label: "q", description: "quit", isInShortHelp: true, sends: .quitRequested)
    public init(_ keys: [Key], label: String, description: String, isEnabled: Bool = true,
                isInShortHelp: Bool = false, sends event: Event?) {
        self.init(keys, label: label, description: description, isEnabled: isEnabled, isInShortHelp: isInShortHelp,
                  event: { _ in event })
    }

    /// A command from a binding built elsewhere.
    ///
    ///     KeyCommand(KeyBinding(keys: [.character("a")], description: "add"), sends: .addOpened)
    public init(_ binding: KeyBinding, sends event: Event?) {
        self.init(binding, event: { _ in event })
    }

    /// A command from a binding built elsewhere, whose event depends on the key.
    ///
    ///     KeyCommand(arrows, event: { $0 == .up ? .moved(-1) : .moved(1) })
    public init(_ binding: KeyBinding, event: @escaping @Sendable (Key) -> Event?) {
        self.binding = binding
        self.event = event
    }

    /// The same command with a stable name.
    ///
    ///     KeyCommand([.character("q")], label: "q", description: "quit", sends: .quitRequested).named("quit")
    public func named(_ name: String) -> Self {
        var copy = self
        copy.name = name
        return copy
    }

    /// The same command on other keys, shown with `label`. Its event must not depend on which
    /// key was pressed: a command whose event does is split into one command per event before
    /// it is named.
    ///
    ///     down.rebound(to: [.character("n")], label: "n")
    public func rebound(to keys: [Key], label: String) -> Self {
        var copy = self
        copy.binding.keys = keys
        copy.binding.label = label
        return copy
    }
}

/// A titled group of commands: a section of the help and of the docs' key tables.
///
///     KeyCommandSection("Player", [playPause, seek, back])
public struct KeyCommandSection<Event: Sendable>: Sendable {
    public var title: String
    public var commands: [KeyCommand<Event>]

    /// A section named `title` (empty: no heading).
    ///
    ///     KeyCommandSection("List", commands)
    public init(_ title: String, _ commands: [KeyCommand<Event>]) {
        self.title = title
        self.commands = commands
    }

    /// The section's bindings, for `Help` and `KeyHelp`.
    @inlinable
    public var section: KeyBindingSection { KeyBindingSection(title, commands.map(\.binding)) }
}

// The helpers are `@inlinable`: the footer and the key map call them for every frame and key,
// and unspecialized generic code (across the module boundary) cost more than drawing the footer.
extension Sequence {
    /// The first enabled command that `key` triggers, or nil. An app that must tell "no command
    /// took the key" from "a command took it and sends nothing" asks for the command, then its
    /// event.
    ///
    ///     if let command = draftCommands.command(for: key) { return command.event(key) }
    @inlinable
    public func command<Event>(for key: Key) -> KeyCommand<Event>? where Element == KeyCommand<Event> {
        for command in self where command.binding.matches(key) { return command }
        return nil
    }

    /// The event of the first enabled command that `key` triggers; nil when none matched or the
    /// one that matched sends nothing for that key (see `command(for:)` to tell the two apart).
    ///
    ///     return commands.event(for: key)
    @inlinable
    public func event<Event>(for key: Key) -> Event? where Element == KeyCommand<Event> {
        command(for: key)?.event(key)
    }

    /// The first enabled command of these sections that `key` triggers, or nil.
    ///
    ///     if let command = sections.command(for: key) { return command.event(key) }
    @inlinable
    public func command<Event>(for key: Key) -> KeyCommand<Event>? where Element == KeyCommandSection<Event> {
        for section in self {
            if let command = section.commands.command(for: key) { return command }
        }
        return nil
    }

    /// The event of the first enabled command of these sections that `key` triggers (see the
    /// commands' version).
    ///
    ///     sections.event(for: key)
    @inlinable
    public func event<Event>(for key: Key) -> Event? where Element == KeyCommandSection<Event> {
        command(for: key)?.event(key)
    }

    /// Every binding of these sections, in order.
    ///
    ///     KeyHelp.shortLine(sections.bindings, width: 80)
    @inlinable
    public func bindings<Event>() -> [KeyBinding] where Element == KeyCommandSection<Event> {
        var bindings: [KeyBinding] = []
        for section in self {
            for command in section.commands { bindings.append(command.binding) }
        }
        return bindings
    }

    /// The sections as `Help` lists them.
    ///
    ///     Help(sections: commands.sections())
    @inlinable
    public func sections<Event>() -> [KeyBindingSection] where Element == KeyCommandSection<Event> {
        map(\.section)
    }
}
