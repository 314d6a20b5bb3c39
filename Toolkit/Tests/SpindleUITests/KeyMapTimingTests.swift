import Dispatch
import Spin
import SpindleUI
import Terminal
import Testing

/// The view's key map runs when the key's turn comes in the spin, against the state the key is
/// reduced on, however far the screen's last state is behind (another thread draining a flood).
@Suite("Keys are mapped at reduce time")
struct KeyMapTimingTests {
    struct State: Sendable, Equatable {
        var isEditing = true
        var typed = ""
        var hasQuit = false
        /// Events reduced so far: the state's version.
        var version = 0
        /// Keys whose event was decided on another version than the one they were reduced on.
        var staleKeys: [String] = []
    }

    enum Event: Sendable {
        case hold, tick
        case escaped(mappedAt: Int)
        case typed(Character, mappedAt: Int)
        case quit(mappedAt: Int)
    }

    /// Esc leaves editing; then q quits, while editing it is text.
    static let view = TerminalView<State, Event>(
        render: { _, _, _ in },
        keyMap: { input, state in
            guard case .key(let key) = input else { return nil }
            return switch key {
            case .escape: .escaped(mappedAt: state.version)
            case .character(let character) where state.isEditing: .typed(character, mappedAt: state.version)
            case .character("q"): .quit(mappedAt: state.version)
            default: nil
            }
        }
    )

    /// Holds the drain token: the thread that reduces `.hold` waits there until released.
    final class Gate: Sendable {
        let held = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
    }

    static func reducer(_ gate: Gate) -> Reducer<State, Event> {
        Reducer { state, event in
            func check(_ name: String, _ mappedAt: Int) {
                if mappedAt != state.version { state.staleKeys.append("\(name) mapped at \(mappedAt), reduced at \(state.version)") }
            }
            switch event {
            case .hold:
                gate.held.signal()
                gate.released.wait()
            case .tick:
                break
            case .escaped(let mappedAt):
                check("Esc", mappedAt)
                state.isEditing = false
            case .typed(let character, let mappedAt):
                check(String(character), mappedAt)
                state.typed.append(character)
            case .quit(let mappedAt):
                check("q", mappedAt)
                state.hasQuit = true
            }
            state.version += 1
        }
    }

    /// Runs `work` on a Dispatch thread (not the test's) and returns when it has.
    static func onAnotherThread(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async { work(); done.resume() }
        }
    }

    @Test("Esc then q pressed while another thread drains a flood: q quits, each key mapped on its own state")
    func keysWhileFlooded() async {
        let gate = Gate()
        let ui = TerminalUI(screen: HeadlessScreen(size: Size(rows: 5, columns: 20)), view: Self.view)
        let spin = Spin(initialState: State()) {
            ui.feedback
            Self.reducer(gate)
        }
        spin.start()
        // An effect's thread takes the drain token and keeps it while the keys arrive.
        DispatchQueue.global().async { spin.emit(.hold) }
        await Self.onAnotherThread { gate.held.wait() }
        let floodSize = 2_000
        // The effect floods the spin from another thread while the keys are pressed.
        async let flood: Void = Self.onAnotherThread { for _ in 0..<floodSize { spin.emit(.tick) } }
        ui.handle([.input(.key(.character("x"))), .input(.key(.escape)), .input(.key(.character("q")))], spin: spin)
        await flood
        gate.released.signal()

        let total = 1 + floodSize + 3
        var final: State?
        for await state in spin.states where state.version == total {
            final = state
            break
        }
        spin.stop()
        #expect(final?.staleKeys == [])
        #expect(final?.typed == "x")
        #expect(final?.hasQuit == true, "q was read before the Esc it follows was reduced")
    }
}
