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
    /// Whether this state wants mouse motion with no button held (`.moved` reports), e.g. to
    /// show what is under the pointer. The UI turns the screen's motion tracking on or off as
    /// the states it draws say (`Screen.trackMouseMotion(_:)`); off by default, as every move
    /// costs bytes and a wake-up.
    ///
    ///     TerminalView(render: render, keyMap: keyMap, tracksMouseMotion: { $0.isPlayerShown })
    public var tracksMouseMotion: @Sendable (State) -> Bool

    public init(
        render: @escaping @Sendable (State, any Canvas, _ tick: Int) -> Void,
        keyMap: @escaping @Sendable (InputEvent, State) -> Event?,
        isAnimating: @escaping @Sendable (State) -> Bool = { _ in false },
        animationInterval: Duration = .milliseconds(100),
        tracksMouseMotion: @escaping @Sendable (State) -> Bool = { _ in false }
    ) {
        self.render = render
        self.keyMap = keyMap
        self.isAnimating = isAnimating
        self.animationInterval = animationInterval
        self.tracksMouseMotion = tracksMouseMotion
    }
}
