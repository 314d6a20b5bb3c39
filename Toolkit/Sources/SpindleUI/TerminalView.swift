import Terminal

/// How a state looks and how input becomes events: the pure half of a terminal UI.
///
///     let view = TerminalView<Counter, CounterEvent>(
///         render: { state, canvas, _ in canvas.put("\(state.count)", row: 0, column: 0) },
///         keyMap: { input, _ in input == .key(.up) ? .increment : nil }
///     )
public struct TerminalView<State, Event>: Sendable {
    /// Draws the whole state on the canvas. `tick` counts animation frames (a spinner).
    public var render: @Sendable (State, any Canvas, _ tick: Int) -> Void
    /// The event an input (a key, a paste, a mouse report, a resize) means in this state; nil
    /// ignores it. It runs when the input's turn comes in the spin, with the state the input is
    /// reduced on, so it must be quick and pure.
    public var keyMap: @Sendable (InputEvent, State) -> Event?
    /// Whether something on screen moves by itself in this state (a loading spinner). Only
    /// then does the UI wake up on its own, every `animationInterval`.
    public var isAnimating: @Sendable (State) -> Bool
    public var animationInterval: Duration

    public init(
        render: @escaping @Sendable (State, any Canvas, _ tick: Int) -> Void,
        keyMap: @escaping @Sendable (InputEvent, State) -> Event?,
        isAnimating: @escaping @Sendable (State) -> Bool = { _ in false },
        animationInterval: Duration = .milliseconds(100)
    ) {
        self.render = render
        self.keyMap = keyMap
        self.isAnimating = isAnimating
        self.animationInterval = animationInterval
    }
}
