import ProcessesKit
import Spin
import SpinTesting
import Testing

/// The timer and the sampler on virtual time: nothing sleeps, the tests move the clock.
@Suite("Processes example: refreshing")
struct ProcessRefreshTests {
    static let third = Fixtures.later(Fixtures.second, by: 400, using: [812: 100])
    static let fourth = Fixtures.later(third, by: 400, using: [4242: 4])

    /// What `.sampled(sample)` does to a state: the reducer's own rows (their arithmetic is
    /// tested in ProcessReducerTests; these tests check when samples come).
    static func applying(_ sample: ProcessSample) -> (inout ProcessState) -> Void {
        { ProcessReducer.reduce(&$0, .sampled(sample)) }
    }

    @Test("the first sample is read at the start, then one every 2 s: at 2, 4 and 6 s; none after quitting")
    func everyTwoSeconds() async {
        let sampler = CannedSampler([Fixtures.first, Fixtures.second, Self.third, Self.fourth])
        let store = TestStore(initialState: ProcessState()) {
            ProcessFeedbacks.refreshing()
            ProcessFeedbacks.sampling(with: sampler.sample)
            ProcessApp.reducer
        }
        await store.receive(.sampled(Fixtures.first), assert: Self.applying(Fixtures.first))
        for (second, sample) in [(2, Fixtures.second), (4, Self.third), (6, Self.fourth)] {
            await store.advance(by: .milliseconds(1_999))
            #expect(sampler.reads == second / 2)
            await store.advance(by: .milliseconds(1))
            await store.receive(.refreshDue) { $0.isRefreshing = true }
            await store.receive(.sampled(sample), assert: Self.applying(sample))
        }
        #expect(store.state.rows.first { $0.id == 812 }?.cpuHistory == [20, 50, 0])
        await store.send(.quitRequested) { $0.isQuitting = true }
        await store.advance(by: .seconds(60))
        #expect(sampler.reads == 4)
        await store.finish()
    }

    @Test("r reads a sample now; the timer keeps its 2 s beat")
    func refreshNow() async {
        let sampler = CannedSampler([Fixtures.first, Fixtures.second, Self.third])
        let store = TestStore(initialState: ProcessState()) {
            ProcessFeedbacks.refreshing()
            ProcessFeedbacks.sampling(with: sampler.sample)
            ProcessApp.reducer
        }
        await store.receive(.sampled(Fixtures.first), assert: Self.applying(Fixtures.first))
        await store.advance(by: .milliseconds(500))
        await store.send(.refreshDue) { $0.isRefreshing = true }
        await store.receive(.sampled(Fixtures.second), assert: Self.applying(Fixtures.second))
        await store.advance(by: .milliseconds(1_500))
        await store.receive(.refreshDue) { $0.isRefreshing = true }
        await store.receive(.sampled(Self.third), assert: Self.applying(Self.third))
        await store.finish()    // the timer still runs: finishing stops it
    }

    @Test("a failed read shows its error until a read succeeds")
    func failure() async {
        struct NoProc: Error, CustomStringConvertible { var description: String { "cannot read /proc/stat" } }
        let store = TestStore(initialState: ProcessState()) {
            ProcessFeedbacks.sampling(with: { throw NoProc() })
            ProcessApp.reducer
        }
        await store.receive(.sampleFailed("cannot read /proc/stat")) {
            $0.isRefreshing = false
            $0.error = "cannot read /proc/stat"
        }
        await store.finish()
    }
}
