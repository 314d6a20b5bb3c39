import Catalog
import Spin
import SpinTesting
import Testing
@testable import Downloads

@Suite("The embedded catalog's demo: the default simulated source on the spin's clock")
struct EmbeddedDemoTests {
    let titles = (0..<5).map(EmbeddedCatalog.title(at:))

    /// Downloads the titles (video and subtitles) with a 20% failure rate, on the spin's clock.
    func run() async -> (statuses: [DownloadStatus], retried: Int) {
        let harness = DownloadsHarness(source: { _ in SimulatedDownloadSource(failureRate: 0.2, seed: 2) })
        let store = harness.store
        store.exhaustivity = .off
        for title in titles { await store.send(.downloadRequested(title, parts: DownloadPart.allCases)) }
        await store.advance(by: .seconds(600))
        store.skipReceivedEvents()
        let statuses = titles.map { harness.current.status($0.id)! }
        var retried = 0
        while let failed = harness.current.list.first(where: { $0.status.isRetryable }), retried < 20 {
            retried += 1
            await store.send(.retryRequested(failed.id))
            await store.advance(by: .seconds(600))
            store.skipReceivedEvents()
        }
        #expect(harness.current.list.allSatisfy { $0.status.isFinished })
        await store.finish()
        return (statuses, retried)
    }

    @Test("every title ends stored or failed, the same ones every run; retries get them all")
    func demo() async {
        let first = await run()
        let second = await run()
        #expect(first.statuses == second.statuses)
        #expect(first.retried == second.retried)
        #expect(first.retried > 0, "the seed makes some part fail")
        #expect(first.statuses.allSatisfy { $0.isFinished || $0.isRetryable })
    }
}
