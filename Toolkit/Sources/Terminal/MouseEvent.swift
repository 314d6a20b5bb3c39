/// What the mouse did, at which cell, as an SGR 1006 report says it (`ESC [ < b ; x ; y M|m`).
///
///     if case .mouse(let mouse) = input, mouse.action == .press(.left) { select(row: mouse.position.row) }
public struct MouseEvent: Hashable, Sendable {
    public enum Button: Hashable, Sendable, Codable { case left, middle, right }
    public enum Action: Hashable, Sendable {
        case press(Button)
        case release(Button)
        /// Moved with a button held.
        case drag(Button)
        /// Moved with no button held: reported only while the screen tracks motion
        /// (`Screen.trackMouseMotion(_:)`).
        ///
        ///     if case .moved = mouse.action { hovered = mouse.position }
        case moved
        case wheelUp, wheelDown
    }
    public struct Modifiers: OptionSet, Hashable, Sendable, Codable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var action: Action
    /// The cell, from 0 at the top left.
    public var position: Position
    public var modifiers: Modifiers
    /// For a press: 1, or 2 for the second press of a double click (3 for a triple), counted by
    /// the reader from the presses' times, since the terminal does not say.
    public var clickCount: Int

    public init(action: Action, position: Position, modifiers: Modifiers = [], clickCount: Int = 1) {
        self.action = action
        self.position = position
        self.modifiers = modifiers
        self.clickCount = clickCount
    }

    /// "Click 3,10", "Wheel down 0,0", "Move 3,10", for the key echo.
    public var name: String {
        let place = "\(position.row),\(position.column)"
        switch action {
        case .press(let button): return clickCount > 1 ? "Click×\(clickCount) \(button) \(place)" : "Press \(button) \(place)"
        case .release(let button): return "Release \(button) \(place)"
        case .drag(let button): return "Drag \(button) \(place)"
        case .moved: return "Move \(place)"
        case .wheelUp: return "Wheel up \(place)"
        case .wheelDown: return "Wheel down \(place)"
        }
    }
}
