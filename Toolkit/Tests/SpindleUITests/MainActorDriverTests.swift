import Spin
import SpindleUI
import SpindleUITesting
import Terminal
import Testing

/// A test on the main actor (a common habit, and what a test of a `@MainActor` view model is)
/// drives a headless app like any other: the driver's steps run on the caller's actor, so the
/// driver is never sent across actors.
@Suite("HeadlessDriver on the main actor")
@MainActor
struct MainActorDriverTests {
    struct State: Sendable, Equatable {
        var typed = ""
    }

    static let view = TerminalView<State, Character>(
        render: { state, canvas, _ in canvas.put(state.typed, row: 0, column: 0) },
        keyMap: { input, _ in
            guard case .key(.character(let character)) = input else { return nil }
            return character
        }
    )

    @Test("keys pressed from a @MainActor test reach the reducer and the screen")
    func pressesFromTheMainActor() async {
        let driver = Self.driver()
        await driver.start()
        await driver.press(.character("o"), .character("k"))
        await driver.type("!")
        await driver.advance(by: .seconds(1))
        await driver.resize(to: Size(rows: 3, columns: 12))
        await driver.turn()
        #expect(driver.state?.typed == "ok!")
        #expect(driver.text.hasPrefix("ok!"))
    }

    /// A helper on the main actor, as tests often have: what it returns belongs to the main actor.
    static func driver() -> HeadlessDriver<State, Character> {
        HeadlessDriver(size: Size(rows: 2, columns: 10), view: Self.view, initialState: State(),
                       reducer: Reducer { state, character in state.typed.append(character) })
    }
}
