import Spin
import SpinTesting
import Testing

/// One lifetime rule for every feedback form: an effect runs until its feedback accepts another
/// state, the state stops matching what started it, or the spin stops.
@Suite("One lifetime rule for every feedback form")
struct LifetimeRuleTests {
    struct HUD: Equatable, Sendable {
        var isVisible = false
        var presses = 0
    }

    enum HUDEvent: Equatable, Sendable {
        case shown, hiddenByHand, hudTimedOut, pressed
    }

    static let reducer = Reducer<HUD, HUDEvent> { hud, event in
        switch event {
        case .shown: hud.isVisible = true
        case .hiddenByHand, .hudTimedOut: hud.isVisible = false
        case .pressed: hud.presses += 1
        }
    }

    /// The auto-hide example of docs/spin.md.
    static let autoHide = Feedback<HUD, HUDEvent>.react(query: { $0.isVisible ? true : nil }) { _ async -> HUDEvent? in
        try? await Effect.sleep(for: .seconds(3))
        return Task.isCancelled ? nil : .hudTimedOut
    }

    @Test("react: a state whose query stops matching cancels the effect started for a matching one")
    func filterCancels() async {
        let store = TestStore(initialState: HUD()) {
            Self.autoHide
            Self.reducer
        }
        await store.send(.shown) { $0.isVisible = true }
        await store.send(.hiddenByHand) { $0.isVisible = false }
        await store.advance(by: .seconds(3))
        await store.finish()   // fails if .hudTimedOut arrived or the timer still runs
    }

    @Test("react: once the query stops matching, the effect's later events never arrive")
    func laterEventsOfARejectedStateAreDropped() async {
        let streams = Recorder<AsyncStream<HUDEvent>.Continuation>()
        let store = TestStore(initialState: HUD()) {
            Feedback<HUD, HUDEvent>.react(query: { $0.isVisible ? true : nil }) { _ -> AsyncStream<HUDEvent> in
                let (stream, continuation) = AsyncStream.makeStream(of: HUDEvent.self)
                streams.append(continuation)
                return stream
            }
            Self.reducer
        }
        await store.send(.shown) { $0.isVisible = true }
        await store.send(.hiddenByHand) { $0.isVisible = false }
        #expect(streams.values.count == 1)
        streams.values.first?.yield(.pressed)   // the effect was cancelled: stale
        await store.runEffects()
        await store.finish()
    }

    @Test("react: an unchanged request leaves the running effect alone")
    func lensKeepsRunning() async {
        let store = TestStore(initialState: HUD()) {
            Self.autoHide
            Self.reducer
        }
        await store.send(.shown) { $0.isVisible = true }
        await store.advance(by: .seconds(2))
        await store.send(.pressed) { $0.presses = 1 }   // isVisible unchanged: the timer goes on
        await store.advance(by: .seconds(1))
        await store.receive(.hudTimedOut) { $0.isVisible = false }
        await store.advance(by: .seconds(3))
        await store.finish()
    }
}
