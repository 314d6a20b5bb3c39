import Spin
import SpinTesting
import Testing

@Suite("Execution strategies")
struct ExecutionStrategyTests {
    enum Event: Equatable, Sendable {
        case set(Int)
        case handled(Int)
    }

    struct Work: Equatable, Sendable {
        var value = 0
        var handled: [Int] = []
    }

    /// The effect for 1 takes 10 seconds; the effect for 2 answers at once. A handled value
    /// needs no more work.
    static func slowForOne(_ work: Work) async -> Event? {
        guard work.value > 0, !work.handled.contains(work.value) else { return nil }
        if work.value == 1 { try? await Effect.sleep(for: .seconds(10)) }
        return .handled(work.value)
    }

    static let reducer = Reducer<Work, Event> { (work: inout Work, event: Event) in
        switch event {
        case .set(let value): work.value = value
        case .handled(let value): work.handled.append(value)
        }
    }

    @Test("cancelOnNewState: states [1, 2] with a slow effect for 1 yield only the event for 2")
    func cancelOnNewState() async {
        let store = TestStore(initialState: Work()) {
            Feedback<Work, Event>(effect: Self.slowForOne, strategy: .cancelOnNewState)
            Self.reducer
        }
        await store.send(.set(1)) { $0.value = 1 }
        await store.send(.set(2)) { $0.value = 2 }
        await store.receive(.handled(2)) { $0.handled = [2] }
        await store.advance(by: .seconds(10))
        await store.finish()   // fails if .handled(1) arrived
    }

    @Test("continueOnNewState: states [1, 2] with a slow effect for 1 yield events for 1 and 2")
    func continueOnNewState() async {
        let store = TestStore(initialState: Work()) {
            Feedback<Work, Event>(effect: Self.slowForOne, strategy: .continueOnNewState)
            Self.reducer
        }
        await store.send(.set(1)) { $0.value = 1 }
        await store.send(.set(2)) { $0.value = 2 }
        await store.receive(.handled(2)) { $0.handled = [2] }
        await store.advance(by: .seconds(10))
        await store.receive(.handled(1)) { $0.handled = [2, 1] }
        await store.finish()
    }

    @Test("the default strategy cancels")
    func defaultIsCancel() async {
        let store = TestStore(initialState: Work()) {
            Feedback<Work, Event>(effect: Self.slowForOne)
            Self.reducer
        }
        await store.send(.set(1)) { $0.value = 1 }
        await store.send(.set(2)) { $0.value = 2 }
        await store.receive(.handled(2)) { $0.handled = [2] }
        await store.advance(by: .seconds(10))
        await store.finish()
    }
}
