/// A titled group of bindings in the full help ("Player") and the docs' key tables.
///
///     let player = KeyBindingSection("Player", [playPause, seek, back])
public struct KeyBindingSection: Hashable, Sendable {
    /// The heading; an empty title shows no heading.
    public var title: String
    /// The bindings, in the order the help lists them.
    public var bindings: [KeyBinding]

    /// A section of bindings under `title`.
    ///
    ///     KeyBindingSection("List", [up, down])
    public init(_ title: String, _ bindings: [KeyBinding]) {
        self.title = title
        self.bindings = bindings
    }

    /// Whether the section has anything to show (an enabled binding).
    ///
    ///     KeyBindingSection("Empty", []).isShown  // false
    public var isShown: Bool { bindings.contains(where: \.isEnabled) }
}
