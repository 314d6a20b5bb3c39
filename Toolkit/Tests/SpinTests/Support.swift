import Clocks
import Spin
import SpinTesting
import Synchronization

/// A thread-safe list that effects and reducers append to, for tests to read.
final class Recorder<Value: Sendable>: Sendable {
    private let storage = Lock<[Value]>([])

    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}

/// A thread-safe counter of effect tasks alive right now and started so far.
final class TaskCounter: Sendable {
    private let counts = Lock((alive: 0, started: 0))

    func enter() { counts.withLock { $0.alive += 1; $0.started += 1 } }
    func leave() { counts.withLock { $0.alive -= 1 } }
    var alive: Int { counts.withLock { $0.alive } }
    var started: Int { counts.withLock { $0.started } }
}

/// A one-shot signal an async test can wait for, fired from any thread.
final class Signal: Sendable {
    private let state = Lock<(fired: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func fire() {
        let waiters = state.withLock { state in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let fired = state.withLock { state in
                if !state.fired { state.waiters.append(continuation) }
                return state.fired
            }
            if fired { continuation.resume() }
        }
    }
}

/// A place to hand a spin to its own reducer or feedbacks in tests that need to emit from there.
final class SpinBox<State: Sendable, Event: Sendable>: Sendable {
    private let storage = Lock<Spin<State, Event>?>(nil)

    func set(_ spin: Spin<State, Event>) { storage.withLock { $0 = spin } }
    func emit(_ event: Event) { storage.withLock { $0 }?.emit(event) }
}

/// A spin whose effects run on a serial executor the test can wait on, with a test clock.
func makeTestSpin<State: Sendable, Event: Sendable>(
    initialState: State,
    executor: SerialEffectExecutor,
    clock: TestClock<Duration> = TestClock(),
    @SpinBuilder<State, Event> _ content: () -> SpinDefinition<State, Event>
) -> Spin<State, Event> {
    Spin(initialState: initialState, definition: content(), clock: clock, effectExecutor: executor, onReduce: nil)
}

extension Spin {
    /// The state at this point of the event sequence.
    func currentState() async -> State? {
        for await state in states { return state }
        return nil
    }

    /// The first state from this point of the event sequence on that matches (nil if the spin
    /// stops first).
    func firstState(where matches: (State) -> Bool) async -> State? {
        for await state in states where matches(state) { return state }
        return nil
    }
}

/// An `AsyncStream` whose elements the test yields by hand, to drive an effect step by step.
struct ManualStream<Element: Sendable>: Sendable {
    let stream: AsyncStream<Element>
    let continuation: AsyncStream<Element>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
    }
}
