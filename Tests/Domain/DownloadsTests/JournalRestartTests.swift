import Catalog
import Foundation
import Spin
import SpinJournal
import SpinTesting
import TestSupport
import Testing
@testable import Downloads

@Suite("A journaled downloads spin, restored after it stopped mid-download")
struct JournalRestartTests {
    @Test("the journal restores a finished download as finished and a running one as interrupted")
    func journaled() async throws {
        let directory = try TempFolder.make(prefix: "spindle-downloads")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let journal = Journal<DownloadsState, DownloadsEvent>(directory: directory)
        let clock = VirtualClock()
        let feedbacks = DownloadsFeedbacks(source: roundSource(clock: clock), clock: clock)
        let store = TestStore(initialState: DownloadsState(), clock: clock) {
            journal.feedback()
            for feedback in feedbacks.all { feedback }
            DownloadsState.reducer
        }
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("short", seconds: 2)))
        await store.send(.downloadRequested(.sample("long", seconds: 10, subtitles: true)))
        await store.advance(by: .seconds(3))
        store.skipReceivedEvents()
        let before = store.state
        // The spin stops as it would at a crash: what was written is what a restart finds.
        await store.finish()

        let restored = try Journal<DownloadsState, DownloadsEvent>(directory: directory)
            .restore(initialState: DownloadsState(), reducer: DownloadsState.reducer)
        #expect(restored.state == before)
        let state = restored.state.afterRestart()
        #expect(state.status("short") == .finished(localVideo: "local/short/video", localSubtitles: nil))
        #expect(state.status("long") == .interrupted)
        #expect(state.downloads["long"]?.receivedBytes == 4_000)   // 3,000 of video, 1,000 of subtitles
        #expect(state.transferRequests.isEmpty)
    }
}
