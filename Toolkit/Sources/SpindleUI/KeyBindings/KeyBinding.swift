import Terminal

/// A key and its help as one value: the keys that trigger it, the label and description the
/// help shows, and whether it applies now. Key maps match against these values, and the footer
/// hints, the help view and the docs' key tables are all drawn from them, so nothing about a
/// key is written twice. A disabled binding matches nothing and is shown nowhere.
///
///     let up = KeyBinding(keys: [.up, .character("k")], label: "↑/k", description: "up")
///     if up.matches(key) { viewport.moveUp() }
///     let retry = KeyBinding(keys: [.character("r")], label: "r", description: "retry").enabled(list.hasFailed)
public struct KeyBinding: Hashable, Sendable {
    /// The keys that trigger the binding.
    public var keys: [Key]
    /// The keys as the help shows them: "↑/k", "PgDn".
    public var label: String
    /// What the binding does, in a few words: "up", "play the selected title".
    public var description: String
    /// Whether the binding applies now; a disabled one matches no key and is not shown.
    public var isEnabled: Bool
    /// Whether the one-line footer hint lists it (the full help lists every enabled binding).
    public var isInShortHelp: Bool

    /// A binding; `label` defaults to the keys' names joined by "/".
    ///
    ///     KeyBinding(keys: [.character("q"), .control("c")], description: "quit", isInShortHelp: true)
    public init(keys: [Key], label: String? = nil, description: String, isEnabled: Bool = true, isInShortHelp: Bool = false) {
        self.keys = keys
        self.label = label ?? keys.map(\.name).joined(separator: "/")
        self.description = description
        self.isEnabled = isEnabled
        self.isInShortHelp = isInShortHelp
    }

    /// Whether `key` triggers this binding (never when it is disabled).
    ///
    ///     KeyBinding(keys: [.down], description: "down").matches(.down)  // true
    @inlinable
    public func matches(_ key: Key) -> Bool {
        isEnabled && keys.contains(key)
    }

    /// The same binding, enabled or not.
    ///
    ///     retry.enabled(state.hasFailed)
    public func enabled(_ isEnabled: Bool) -> KeyBinding {
        var copy = self
        copy.isEnabled = isEnabled
        return copy
    }

    /// "↑/k up": how the footer hint shows the binding.
    ///
    ///     KeyBinding(keys: [.up], label: "↑", description: "up").hint  // "↑ up"
    public var hint: String { label + " " + description }
}

extension Sequence where Element == KeyBinding {
    /// The first enabled binding that `key` triggers.
    ///
    ///     let bindings = [up, down, quit]
    ///     bindings.first(matching: .character("q"))  // quit
    @inlinable
    public func first(matching key: Key) -> KeyBinding? {
        first { $0.matches(key) }
    }

    /// The enabled bindings only, in order.
    ///
    ///     [up, retry.enabled(false)].enabledBindings  // [up]
    public var enabledBindings: [KeyBinding] { filter(\.isEnabled) }
}
