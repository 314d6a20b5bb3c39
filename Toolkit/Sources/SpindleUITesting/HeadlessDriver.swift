import Spin
import SpinTesting
import SpindleUI
import Terminal

/// Runs a UI and its spin on a headless screen, for tests: press keys, type, resize, let time
/// pass on a virtual clock, and read the screen.
///
///     let driver = HeadlessDriver(view: TodoApp.view, initialState: TodoState(),
///                                 feedbacks: [], reducer: TodoApp.reducer)
///     await driver.start()
///     await driver.type("buy milk"); await driver.press(.enter)
///     #expect(driver.text.contains("buy milk"))
///
/// Every step ends like the real loop's turn: events handled, effects settled, the latest state
/// drawn (only if it changed). Effects wait on `clock`, which moves only with `advance(by:)`.
///
/// The steps run on the caller's actor (`nonisolated(nonsending)`): a `@MainActor` test, or a
/// driver made by a `@MainActor` helper, drives it without sending it to another actor.
public final class HeadlessDriver<State: Sendable & Equatable, Event: Sendable> {
    public let screen: HeadlessScreen
    public let ui: TerminalUI<State, Event>
    public let spin: Spin<State, Event>
    public let time: VirtualTime

    /// Builds the spin from the view, the feedbacks and the reducer, with the UI's feedback
    /// first, on a headless screen of `size`.
    public convenience init(
        size: Size = Size(rows: 24, columns: 80),
        view: TerminalView<State, Event>,
        initialState: State,
        feedbacks: [Feedback<State, Event>] = [],
        reducer: Reducer<State, Event>
    ) {
        let screen = HeadlessScreen(size: size)
        let ui = TerminalUI(screen: screen, view: view)
        let time = VirtualTime()
        let spin = Spin(initialState: initialState, clock: time.clock, effectExecutor: time.executor) {
            ui.feedback
            for feedback in feedbacks { feedback }
            reducer
        }
        self.init(ui: ui, spin: spin, time: time, screen: screen)
    }

    /// Drives a UI and a spin an app built itself: the spin must wait on `time.clock` and run its
    /// effects on `time.executor`, and have `ui.feedback` among its feedbacks.
    public init(ui: TerminalUI<State, Event>, spin: Spin<State, Event>, time: VirtualTime, screen: HeadlessScreen) {
        self.ui = ui
        self.spin = spin
        self.time = time
        self.screen = screen
    }

    deinit { spin.stop() }

    /// The clock the spin's effects wait on.
    public var clock: VirtualClock { time.clock }

    /// Starts the spin and lays the UI out for the screen's size, as `TerminalUI.run` does.
    nonisolated(nonsending) public func start() async {
        spin.start()
        screen.inject(.resize(screen.size))
        await turn()
    }

    /// Presses the keys, in one turn of the loop (as keys that arrive together do).
    nonisolated(nonsending) public func press(_ keys: Key...) async {
        for key in keys { screen.inject(.key(key)) }
        await turn()
    }

    /// Types `text`, one key per character, each in its own turn (as a person types).
    nonisolated(nonsending) public func type(_ text: String) async {
        for character in text { await press(.character(character)) }
    }

    nonisolated(nonsending) public func resize(to size: Size) async {
        screen.resize(to: size)
        await turn()
    }

    /// Lets `duration` of virtual time pass: every effect sleeping on `clock` wakes at its own
    /// deadline, in order.
    nonisolated(nonsending) public func advance(by duration: Duration) async {
        await time.advance(by: duration)
        await turn()
    }

    /// One turn of the UI loop: handle what the screen has, let effects run, draw.
    nonisolated(nonsending) public func turn() async {
        ui.handle(screen.nextEvents(timeout: nil), spin: spin)
        await time.settle()
        if let state = ui.state { ui.renderIfChanged(state) }
    }

    /// The latest state the spin reached.
    public var state: State? { ui.state }
    /// The screen's text, one line per row.
    public var text: String { screen.text }
}
