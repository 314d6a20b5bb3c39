import Spin
import SpindleUI
import SpindleUITesting
import Terminal
import Testing

/// A pure state says when it wants the pointer tracked; the UI turns the screen's motion
/// tracking on and off as the states it draws say, and the moves reach the key map.
@Suite("Mouse motion from the state")
struct MouseMotionTests {
    struct State: Sendable, Equatable {
        var hovering = false
        var pointer: Position?
    }

    enum Event: Sendable {
        case hover(Bool)
        case moved(Position)
    }

    static let view = TerminalView<State, Event>(
        render: { state, canvas, _ in canvas.put(state.pointer.map { "\($0.row),\($0.column)" } ?? "-", row: 0, column: 0) },
        keyMap: { input, _ in
            switch input {
            case .key(.character("h")): return .hover(true)
            case .key(.character("x")): return .hover(false)
            case .mouse(let mouse) where mouse.action == .moved: return .moved(mouse.position)
            default: return nil
            }
        },
        tracksMouseMotion: { $0.hovering }
    )

    static func driver() -> HeadlessDriver<State, Event> {
        HeadlessDriver(size: Size(rows: 2, columns: 10), view: view, initialState: State(),
                       reducer: Reducer { state, event in
                           switch event {
                           case .hover(let on): state.hovering = on
                           case .moved(let position): state.pointer = position
                           }
                       })
    }

    @Test("motion is tracked only while the state asks for it, and a move reaches the state")
    func trackedWhileAsked() async {
        let driver = Self.driver()
        await driver.start()
        #expect(!driver.screen.tracksMouseMotion)
        await driver.press(.character("h"))
        #expect(driver.screen.tracksMouseMotion)
        driver.screen.inject(.mouse(MouseEvent(action: .moved, position: Position(row: 1, column: 4))))
        await driver.turn()
        #expect(driver.text.hasPrefix("1,4"))
        #expect(driver.screen.tracksMouseMotion)
        await driver.press(.character("x"))
        #expect(!driver.screen.tracksMouseMotion)
    }

    @Test("a view that does not say never tracks motion")
    func offByDefault() {
        let view = TerminalView<State, Event>(render: { _, _, _ in }, keyMap: { _, _ in nil })
        #expect(!view.tracksMouseMotion(State(hovering: true)))
    }
}
