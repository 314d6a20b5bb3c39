import Catalog
import Spin
import SpinTesting
import Testing
@testable import Downloads

@Suite("Downloads on virtual time with the simulated source")
struct TransferFeedbackTests {
    @Test("a download reports its size, then its bytes each second, then where it is stored")
    func oneDownload() async {
        let harness = DownloadsHarness()
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 3))) { $0.order = ["a"] }
        await store.receive(.progressed("a", .video, .size(3_000), at: .zero))
        await store.advance(by: .milliseconds(999))
        #expect(harness.current.downloads["a"]?.receivedBytes == 0)
        await store.advance(by: .milliseconds(1))
        await store.receive(.progressed("a", .video, .received(1_000), at: .seconds(1))) {
            $0.downloads["a"]?.progress[.video] = PartProgress(received: 1_000, total: 3_000)
        }
        await store.advance(by: .seconds(2))
        await store.receive(.progressed("a", .video, .received(2_000), at: .seconds(2)))
        await store.receive(.progressed("a", .video, .received(3_000), at: .seconds(3)))
        await store.receive(.progressed("a", .video, .finished(localPath: "local/a/video"), at: .seconds(3))) {
            $0.downloads["a"]?.status = .finished(localVideo: "local/a/video", localSubtitles: nil)
        }
        store.exhaustivity = .on
        await store.finish()
    }

    @Test("the two parts run concurrently; the download finishes with both")
    func twoParts() async {
        let harness = DownloadsHarness()
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 4, subtitles: true)))
        await store.advance(by: .seconds(1))
        store.skipReceivedEvents()
        // The subtitles (1,000 bytes) are in after one second, the video is a quarter in.
        #expect(harness.current.downloads["a"]?.progress[.subtitles]?.isFinished == true)
        #expect(harness.current.downloads["a"]?.fraction == 0.4)
        #expect(harness.current.downloads["a"]?.bytesPerSecond == 2_000)
        #expect(harness.current.downloads["a"]?.eta == .seconds(2))
        await store.advance(by: .seconds(3))
        store.skipReceivedEvents()
        #expect(harness.current.status("a") == .finished(localVideo: "local/a/video", localSubtitles: "local/a/subtitles.srt"))
        store.exhaustivity = .on
        await store.finish()
    }

    @Test("two downloads run at the limit; the third waits until one ends, then runs")
    func queueOnTime() async {
        let harness = DownloadsHarness(DownloadsState(maxConcurrent: 2))
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 4)))
        await store.send(.downloadRequested(.sample("b", seconds: 8)))
        await store.send(.downloadRequested(.sample("c", seconds: 4)))
        #expect(harness.current.runningIDs == ["a", "b"])
        await store.advance(by: .seconds(20))
        store.skipReceivedEvents()
        let timeline = harness.timeline
        #expect(timeline.firstTime { $0.status("a")?.isFinished == true } == .seconds(4))
        #expect(timeline.firstTime { $0.status("c") == .running } == .seconds(4))
        #expect(timeline.firstTime { $0.status("b")?.isFinished == true } == .seconds(8))
        #expect(timeline.firstTime { $0.status("c")?.isFinished == true } == .seconds(8))
        #expect(timeline.firstTime { $0.runningIDs.count > 2 } == nil)
        store.exhaustivity = .on
        await store.finish()
    }

    @Test("a cancelled download reports nothing more, not even what was already queued")
    func cancelMidway() async {
        let harness = DownloadsHarness()
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 10, subtitles: true)))
        await store.advance(by: .seconds(2))
        store.skipReceivedEvents()
        #expect(harness.current.downloads["a"]?.progress[.video]?.received == 2_000)
        store.exhaustivity = .on
        await store.send(.cancelRequested("a")) {
            $0.downloads["a"]?.status = .cancelled
            $0.downloads["a"]?.samples = []
            $0.lastChange = .cancelled(id: "a")
        }
        await store.advance(by: .seconds(30))
        #expect(harness.current.downloads["a"]?.progress[.video]?.received == 2_000)
        await store.finish()   // no event received after the cancel, no effect left running
    }

    @Test("a failure shows its message and stops the other part; retry then succeeds")
    func failThenRetry() async {
        // Subtitles of 6,000 bytes: still arriving when the video fails, half-way, at 2 s.
        let harness = DownloadsHarness(source: {
            roundSource(clock: $0, subtitleBytes: 6_000, failingAttempts: ["a": 1])
        })
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 4, subtitles: true)))
        await store.advance(by: .seconds(2))
        await store.receive(.failed("a", .video, message: "the connection was lost at 50%; try again")) {
            $0.downloads["a"]?.status = .failed("the connection was lost at 50%; try again")
        }
        store.skipReceivedEvents()
        let failed = harness.current
        // The subtitles' report at 2 s arrives before the failure or is dropped with its effect.
        #expect([1_000, 2_000].contains(failed.downloads["a"]?.progress[.subtitles]?.received))
        #expect(failed.transferRequests.isEmpty)
        store.exhaustivity = .on
        await store.advance(by: .seconds(10))
        #expect(harness.current == failed)   // the subtitles' effect was cancelled with the failure
        await store.send(.retryRequested("a")) {
            $0.downloads["a"]?.status = .running   // queued, and scheduled at once
            $0.downloads["a"]?.attempt = 2
            $0.downloads["a"]?.samples = []   // how far it got stays, until the new attempt reports
            $0.lastChange = .queued(id: "a")
        }
        store.exhaustivity = .off
        await store.advance(by: .seconds(6))
        store.skipReceivedEvents()
        #expect(harness.current.status("a") == .finished(localVideo: "local/a/video", localSubtitles: "local/a/subtitles.srt"))
        store.exhaustivity = .on
        await store.finish()
    }

    @Test("cancel then retry at once: the new attempt starts over and the old one's bytes never land")
    func retryAfterCancel() async {
        let harness = DownloadsHarness(source: { roundSource(clock: $0) })
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 4)))
        await store.advance(by: .milliseconds(1_500))
        await store.send(.cancelRequested("a"))
        await store.send(.retryRequested("a"))
        store.skipReceivedEvents()
        #expect(harness.current.downloads["a"]?.attempt == 2)
        // The old attempt would have reported 2,000 bytes at 2 s: the download keeps the 1,000
        // it had, until the new attempt (which starts over: the simulated source does not resume)
        // reports its own 1,000 at 2.5 s.
        await store.advance(by: .milliseconds(500))
        #expect(harness.current.downloads["a"]?.receivedBytes == 1_000)
        await store.advance(by: .milliseconds(500))
        #expect(harness.current.downloads["a"]?.receivedBytes == 1_000)
        await store.advance(by: .seconds(1))
        #expect(harness.current.downloads["a"]?.receivedBytes == 2_000)
        await store.advance(by: .seconds(3))
        store.skipReceivedEvents()
        #expect(harness.timeline.firstTime { $0.status("a")?.isFinished == true } == .milliseconds(5_500))
        store.exhaustivity = .on
        await store.finish()
    }

    @Test("removing a download deletes its local copy through the source")
    func removal() async {
        let harness = DownloadsHarness()
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 1)))
        await store.advance(by: .seconds(1))
        await store.send(.removeRequested("a")) { $0.downloads["a"] = nil }
        await store.receive(.localCopyDeleted("a")) { $0.removals = [:] }
        #expect(harness.source.deletedTitleIDs == ["a"])
        store.exhaustivity = .on
        await store.finish()
    }

    @Test("a 10-second download, 40 reports, runs in virtual time: it finishes at 10 s on the test clock")
    func fastVirtualTime() async {
        let harness = DownloadsHarness(source: { roundSource(clock: $0, tick: .milliseconds(250)) })
        let store = harness.store
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("a", seconds: 10)))
        await store.advance(by: .seconds(10))
        store.skipReceivedEvents()
        #expect(harness.current.status("a") == .finished(localVideo: "local/a/video", localSubtitles: nil))
        #expect(harness.timeline.firstTime { $0.status("a")?.isFinished == true } == .seconds(10))
        store.exhaustivity = .on
        await store.finish()
    }
}

extension DownloadStatus {
    var isFinished: Bool {
        if case .finished = self { true } else { false }
    }
}

@Suite("The spin's downloads are Actions")
struct SpinActionTests {
    @Test("a running download is its title's Action executing: a second execution is not enabled; cancel frees it")
    func actionPerTitle() async {
        let harness = DownloadsHarness()
        let store = harness.store
        store.exhaustivity = .off
        let title = Title.sample("a", seconds: 10)
        await store.send(.downloadRequested(title))
        await store.advance(by: .seconds(1))
        let action = harness.feedbacks.actions.action(for: "a")
        var executing = action.isExecuting.makeAsyncIterator()
        #expect(await executing.next() == true)
        // What a second download of the title would do, outside the reducer's refusal.
        let request = TransferRequest(title: title, parts: [.video], attempt: 99)
        do {
            try await action.execute(.init(request: request, send: .init({ _ in })))
            Issue.record("a second execution ran")
        } catch {
            guard case .notEnabled = error else { Issue.record("\(error)"); return }
        }
        let other = harness.feedbacks.actions.action(for: "b")
        var otherEnabled = other.isEnabled.makeAsyncIterator()
        #expect(await otherEnabled.next() == true, "another title's action is enabled")
        await store.send(.cancelRequested("a"))
        await store.advance(by: .seconds(1))
        var enabled = action.isEnabled.makeAsyncIterator()
        #expect(await enabled.next() == true, "the cancelled execution ended")
        store.skipReceivedEvents()
        await store.finish()
    }
}
