import Catalog
import SpinTesting
import Testing
@testable import Downloads

@Suite("The simulated source")
struct SimulatedSourceTests {
    let titles = (1...40).map { Title.sample("t\($0)", seconds: 100) }

    func failures(_ source: SimulatedDownloadSource) -> [Int?] {
        titles.map { source.transfer(.video, of: $0).plan.failsAt }
    }

    @Test("failures are drawn from the seed: the same seed fails the same titles at the same bytes")
    func seeded() {
        let first = failures(SimulatedDownloadSource(failureRate: 0.3, seed: 7))
        #expect(first == failures(SimulatedDownloadSource(failureRate: 0.3, seed: 7)))
        #expect(first != failures(SimulatedDownloadSource(failureRate: 0.3, seed: 8)))
        let failed = first.compactMap { $0 }.count
        #expect((4...20).contains(failed), "\(failed) of 40 failed")
        #expect(failures(SimulatedDownloadSource(failureRate: 0)).allSatisfy { $0 == nil })
        #expect(failures(SimulatedDownloadSource(failureRate: 1)).allSatisfy { $0 != nil })
    }

    @Test("each attempt draws anew, so a retry of a failed title may succeed")
    func attemptsDiffer() {
        let source = SimulatedDownloadSource(failureRate: 0.5, seed: 3)
        let firstAttempts = failures(source)
        let secondAttempts = failures(source)
        #expect(firstAttempts != secondAttempts)
    }

    @Test("sizes come from the title: video by its duration, subtitles fixed")
    func sizes() {
        let source = SimulatedDownloadSource(videoBytesPerSecond: 1_000, subtitleBytes: 500)
        #expect(source.size(of: .video, of: .sample("a", seconds: 90)) == 90_000)
        #expect(source.size(of: .subtitles, of: .sample("a", seconds: 90)) == 500)
    }

    @Test("a part of unannounced size reports .size(nil), then its bytes, on virtual time")
    func unannounced() async {
        let harness = DownloadsHarness(source: { roundSource(clock: $0, unannouncedSizes: [.subtitles]) })
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 4, subtitles: true)))
        await store.receive(.progressed("a", .subtitles, .size(nil), at: .zero))
        await store.advance(by: .seconds(1))
        store.skipReceivedEvents()
        // The subtitles finished at 1 s: their size is now known, so progress is by bytes.
        #expect(harness.current.downloads["a"]?.progress[.subtitles] == PartProgress(
            received: 1_000, total: 1_000, localPath: "local/a/subtitles.srt"))
        #expect(harness.current.downloads["a"]?.fraction == 0.4)
        store.exhaustivity = .on
        await store.advance(by: .seconds(3))
        store.skipReceivedEvents()
        await store.finish()
    }
}
