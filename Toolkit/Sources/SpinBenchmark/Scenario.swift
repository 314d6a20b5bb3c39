import Spin
import Synchronization

/// The state and event every scenario reduces.
struct Counter: Sendable {
    var count = 0
    var checksum = 0
}

enum CounterEvent: Sendable {
    case counted(Int)
}

/// The reducer under test, kept out of line so that the bare loop cannot fold it away.
@inline(never)
func reduceCounter(_ counter: inout Counter, _ event: CounterEvent) {
    switch event {
    case .counted(let index):
        counter.count += 1
        counter.checksum &+= index
    }
}

/// The three set-ups the issue asks to measure.
enum Scenario: CaseIterable {
    case reducerOnly
    case threeFeedbacks
    case reactEveryTenEvents

    var title: String {
        switch self {
        case .reducerOnly: "(a) reducer only"
        case .threeFeedbacks: "(b) three feedbacks"
        case .reactEveryTenEvents: "(c) react, new request every 10 ev"
        }
    }

    func makeSpin() -> Spin<Counter, CounterEvent> {
        let reducer = Reducer<Counter, CounterEvent>(reduceCounter)
        switch self {
        case .reducerOnly:
            return Spin(initialState: Counter()) { reducer }
        case .threeFeedbacks:
            // What a screen typically has: a render observer, a react whose request rarely
            // changes, and a react that fires every 1,000 events.
            let screen = Mutex(Counter())
            return Spin(initialState: Counter()) {
                Feedback<Counter, CounterEvent>(observe: { counter in screen.withLock { $0 = counter } })
                Feedback<Counter, CounterEvent>.react(query: { $0.count >= 1 ? true : nil }) { _ in
                    AsyncStream<CounterEvent> { _ in }
                }
                Feedback<Counter, CounterEvent>.react(query: { $0.count % 1_000 == 0 ? $0.count : nil }) { _ in
                    AsyncStream<CounterEvent> { $0.finish() }
                }
                reducer
            }
        case .reactEveryTenEvents:
            return Spin(initialState: Counter()) {
                Feedback<Counter, CounterEvent>.react(query: { $0.count / 10 }) { _ in
                    AsyncStream<CounterEvent> { _ in }   // runs until its request changes
                }
                reducer
            }
        }
    }
}

extension Spin {
    func currentState() async -> State? {
        for await state in states { return state }
        return nil
    }
}
