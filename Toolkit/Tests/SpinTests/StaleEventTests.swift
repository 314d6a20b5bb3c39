import Dispatch
import Foundation
import Spin
import SpinTesting
import Testing

@Suite("No stale events")
struct StaleEventTests {
    struct Search: Sendable, Equatable {
        var query: String?
        var results: [String] = []
    }

    enum SearchEvent: Sendable, Equatable {
        case queryChanged(String?)
        case resultsLoaded(String)
        case stall
    }

    /// Queues `.resultsLoaded("a")` from the effect for query "a" while the queue already holds
    /// `.queryChanged(next)` ahead of it, then lets the spin drain, and returns the final state.
    ///
    /// A reducer that blocks on `.stall` keeps a background thread draining, so that both events
    /// are queued behind it at the moment the effect would be cancelled.
    func loadWhileQueryChanges(to next: String?) async -> Search? {
        let executor = SerialEffectExecutor()
        let results = ManualStream<SearchEvent>()
        let stalled = Signal()
        let release = DispatchSemaphore(value: 0)
        let drained = Signal()
        let spin = makeTestSpin(initialState: Search(), executor: executor) {
            Feedback<Search, SearchEvent>.react(query: \.query) { _ in results.stream }
            Reducer<Search, SearchEvent> { (state: inout Search, event: SearchEvent) in
                switch event {
                case .queryChanged(let query): state.query = query
                case .resultsLoaded(let result): state.results.append(result)
                case .stall:
                    stalled.fire()
                    release.wait()
                }
            }
        }
        spin.start()
        spin.emit(.queryChanged("a"))
        await executor.waitUntilIdle()           // the effect for "a" is listening

        Thread { spin.emit(.stall); drained.fire() }.start()
        await stalled.wait()                     // a background thread holds the drain
        spin.emit(.queryChanged(next))           // queued first
        results.continuation.yield(.resultsLoaded("a"))
        await executor.waitUntilIdle()           // the effect queued its event second
        release.signal()
        await drained.wait()
        let state = await spin.currentState()
        spin.stop()
        return state
    }

    @Test("an event queued before its effect is cancelled never reaches the reducer")
    func queuedEventOfCancelledEffectIsDropped() async {
        let state = await loadWhileQueryChanges(to: nil)
        #expect(state == Search(query: nil, results: []))
    }

    @Test("the same queued event is reduced when its effect is not cancelled (control)")
    func queuedEventOfLiveEffectIsReduced() async {
        let state = await loadWhileQueryChanges(to: "a")
        #expect(state == Search(query: "a", results: ["a"]))
    }

    @Test("an effect that keeps producing after cancellation delivers nothing more")
    func cancelledEffectProducesNothing() async {
        let executor = SerialEffectExecutor()
        let results = ManualStream<SearchEvent>()
        let spin = makeTestSpin(initialState: Search(), executor: executor) {
            Feedback<Search, SearchEvent>.react(query: \.query) { query in
                query == "a" ? results.stream : AsyncStream { $0.finish() }
            }
            Reducer<Search, SearchEvent> { (state: inout Search, event: SearchEvent) in
                if case .queryChanged(let query) = event { state.query = query }
                if case .resultsLoaded(let result) = event { state.results.append(result) }
            }
        }
        spin.start()
        spin.emit(.queryChanged("a"))
        await executor.waitUntilIdle()
        results.continuation.yield(.resultsLoaded("a1"))
        await executor.waitUntilIdle()
        spin.emit(.queryChanged("b"))
        results.continuation.yield(.resultsLoaded("a2"))
        await executor.waitUntilIdle()
        #expect(await spin.currentState() == Search(query: "b", results: ["a1"]))
        spin.stop()
    }
}
