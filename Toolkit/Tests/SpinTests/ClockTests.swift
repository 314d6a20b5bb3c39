import Clocks
import Spin
import SpinTesting
import Testing

@Suite("Time is injected")
struct ClockTests {
    struct Countdown: Equatable, Sendable {
        var remaining = 0
        var isRunning: Bool { remaining > 0 }
    }

    enum CountdownEvent: Equatable, Sendable {
        case started(seconds: Int)
        case ticked
    }

    static let reducer = Reducer<Countdown, CountdownEvent> { state, event in
        switch event {
        case .started(let seconds): state.remaining = seconds
        case .ticked: state.remaining -= 1
        }
    }

    /// One tick per second on the spin's clock, for as long as the countdown runs.
    static let ticking = Feedback<Countdown, CountdownEvent>.react(query: { $0.isRunning ? true : nil }) { _ in
        AsyncStream<CountdownEvent> {
            do {
                try await Effect.sleep(for: .seconds(1))
                return .ticked
            } catch {
                return nil
            }
        }
    }

    @Test("a 10-second countdown ticks ten times on virtual time, one tick per second")
    func countdown() async {
        let store = TestStore(initialState: Countdown()) {
            Self.ticking
            Self.reducer
        }
        await store.send(.started(seconds: 10)) { $0.remaining = 10 }
        await store.advance(by: .seconds(9))
        for remaining in (1...9).reversed() {
            await store.receive(.ticked) { $0.remaining = remaining }
        }
        await store.advance(by: .seconds(1))
        await store.receive(.ticked) { $0.remaining = 0 }
        await store.finish()
        // How fast virtual time runs is a figure of the Spin benchmark (ticks per second), not
        // something a test times.
    }

    @Test("an effect waits on the clock of its spin, not on real time")
    func effectClockIsTheSpinClock() async {
        let store = TestStore(initialState: Countdown()) {
            Self.ticking
            Self.reducer
        }
        await store.send(.started(seconds: 1)) { $0.remaining = 1 }
        await store.advance(by: .milliseconds(999))
        await store.advance(by: .milliseconds(1))
        await store.receive(.ticked) { $0.remaining = 0 }
        await store.finish()
    }

    @Test("Effect.clock read while a sequence effect is built is the spin's clock, whoever drains")
    func clockReadWhileBuilding() async {
        let store = TestStore(initialState: Countdown()) {
            Feedback<Countdown, CountdownEvent>.react(query: { $0.isRunning ? $0.remaining : nil }) { _ in
                let clock = Effect.clock   // read on the draining thread: here, the test's own task
                return AsyncStream<CountdownEvent> {
                    do {
                        try await clock.sleep(for: .seconds(1))
                        return .ticked
                    } catch {
                        return nil
                    }
                }
            }
            Self.reducer
        }
        await store.send(.started(seconds: 2)) { $0.remaining = 2 }
        await store.advance(by: .seconds(1))
        await store.receive(.ticked) { $0.remaining = 1 }
        await store.advance(by: .seconds(1))
        await store.receive(.ticked) { $0.remaining = 0 }
        await store.finish()
    }
}
