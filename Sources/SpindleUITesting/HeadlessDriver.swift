import Spin
import SpinTesting
import SpindleUI
import Terminal

/// Runs a UI and its spin on a headless screen, for tests: press keys, resize, let time pass
/// on a test clock, and read the screen.
///
///     let driver = HeadlessDriver(ui: app.ui, spin: app.spin, time: time, screen: screen)
///     driver.start()
///     await driver.advance(by: .milliseconds(150))   // the first page arrives
///     await driver.press(.down)
///     #expect(driver.text.contains("50 loaded"))
///
/// Every step ends like the real loop's turn: events handled, effects settled, the latest state
/// drawn (only if it changed).
package final class HeadlessDriver<State: Sendable & Equatable, Event: Sendable> {
    package let screen: HeadlessScreen
    package let ui: TerminalUI<State, Event>
    package let spin: Spin<State, Event>
    package let time: VirtualTime

    package init(ui: TerminalUI<State, Event>, spin: Spin<State, Event>, time: VirtualTime, screen: HeadlessScreen) {
        self.ui = ui
        self.spin = spin
        self.time = time
        self.screen = screen
    }

    deinit { spin.stop() }

    /// Starts the spin and lays the UI out for the screen's size, as `TerminalUI.run` does.
    package func start() async {
        spin.start()
        screen.inject(.resize(screen.size))
        await turn()
    }

    package func press(_ keys: Key...) async {
        for key in keys { screen.inject(key) }
        await turn()
    }

    package func resize(to size: Size) async {
        screen.resize(to: size)
        await turn()
    }

    package func advance(by duration: Duration) async {
        await time.advance(by: duration)
        await turn()
    }

    /// One turn of the UI loop: handle what the screen has, let effects run, draw.
    package func turn() async {
        ui.handle(screen.nextEvents(timeout: nil), spin: spin)
        await time.settle()
        if let state = ui.state { ui.renderIfChanged(state) }
    }

    package var state: State? { ui.state }
    package var text: String { screen.text }
}
