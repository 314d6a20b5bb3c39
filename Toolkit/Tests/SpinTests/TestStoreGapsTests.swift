import Dispatch
import Spin
import SpinTesting
import Testing

@Suite("TestStore: timeouts, non-exhaustive mode, the main actor, fast virtual time")
struct TestStoreGapsTests {
    struct Countdown: Equatable, Sendable {
        var remaining = 0
        var log: [String] = []
    }

    enum Event: Equatable, Sendable {
        case started(Int), ticked, noted(String)
    }

    static let reducer = Reducer<Countdown, Event> { state, event in
        switch event {
        case .started(let seconds): state.remaining = seconds
        case .ticked: state.remaining -= 1
        case .noted(let text): state.log.append(text)
        }
    }

    static let ticking = Feedback<Countdown, Event>.react(query: { $0.remaining > 0 ? true : nil }) { _ in
        AsyncStream<Event> {
            do {
                try await Effect.sleep(for: .seconds(1))
                return .ticked
            } catch {
                return nil
            }
        }
    }

    @Test("a 20,000-tick countdown runs on virtual time in a few seconds at most", .timeLimit(.minutes(1)))
    func manyTicks() async {
        let store = TestStore(initialState: Countdown()) {
            Self.ticking
            Self.reducer
        }
        store.exhaustivity = .off
        await store.send(.started(20_000)) { $0.remaining = 20_000 }
        await store.advance(by: .seconds(20_000))
        store.skipReceivedEvents()
        #expect(store.state.remaining == 0)
        await store.finish()
    }

    @Test("receive fails with what is pending, after its timeout, instead of hanging")
    func receiveTimesOut() async {
        await withKnownIssue {
            let store = TestStore(initialState: Countdown(), timeout: .milliseconds(50)) {
                Self.ticking
                Self.reducer
            }
            await store.send(.started(3)) { $0.remaining = 3 }
            await store.receive(.ticked)   // the tick waits on the clock, which nobody advances
            store.exhaustivity = .off
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1 sleep(s) on the clock, due in 1.0 seconds") }
        }
    }

    @Test("receive waits, up to its timeout, for an effect that works in real time")
    func receiveWaitsForRealWork() async {
        let store = TestStore(initialState: Countdown(), timeout: .seconds(10)) {
            Feedback<Countdown, Event>.react(query: { $0.remaining == 1 ? true : nil }) { _ in
                // Real work elsewhere: a result that comes from another queue, later.
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) {
                        continuation.resume(returning: .noted("done"))
                    }
                }
            }
            Self.reducer
        }
        await store.send(.started(1)) { $0.remaining = 1 }
        await store.receive(.noted("done")) { $0.log = ["done"] }
        await store.finish()
    }

    @Test("non-exhaustive: receive skips other events and an expectation checks only what it sets")
    func nonExhaustive() async {
        let store = TestStore(initialState: Countdown()) {
            Feedback<Countdown, Event>.react(query: { $0.remaining == 3 ? true : nil }) { _ in
                AsyncStream<Event> { continuation in
                    continuation.yield(.noted("a"))
                    continuation.yield(.noted("b"))
                    continuation.yield(.noted("c"))
                    continuation.finish()
                }
            }
            Self.reducer
        }
        store.exhaustivity = .off
        await store.send(.started(3))
        await store.receive(.noted("c")) { $0.log = ["a", "b", "c"] }
        #expect(store.state.log == ["a", "b", "c"])
        await store.send(.started(0)) { $0.remaining = 0 }
        await store.finish()
    }

    @Test("an effect that hops to the main actor is waited for")
    func mainActorHop() async {
        let store = TestStore(initialState: Countdown()) {
            Feedback<Countdown, Event>.react(query: { $0.remaining == 1 ? true : nil }) { _ in
                .noted(await MainActorLabel.label("hop"))
            }
            Self.reducer
        }
        await store.send(.started(1)) { $0.remaining = 1 }
        await store.receive(.noted("main: hop")) { $0.log = ["main: hop"] }
        await store.finish()
    }
}

@MainActor
enum MainActorLabel {
    static func label(_ text: String) -> String { "main: " + text }
}
