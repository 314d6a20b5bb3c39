import Catalog
import Spin
import SpinTesting
import Synchronization
import Testing
@testable import Downloads

/// A resumed download's figures: the bytes a `.part` already held count in its progress, never
/// in its speed or ETA; a retry that fails still says how far the download got.
@Suite("Speed, ETA and progress across a resume")
struct ResumedFiguresTests {
    let film = Title.sample("film")

    /// A 1 GB title stopped at 600 MB (a failure), then retried.
    func failedAt600MB() -> DownloadsState {
        var state = DownloadsState()
        state.send(.downloadRequested(film),
                   .progressed("film", .video, .size(1_000_000_000), at: .zero),
                   .progressed("film", .video, .received(600_000_000), at: .seconds(4)),
                   .failed("film", .video, message: "the connection was lost"))
        return state
    }

    @Test("a retry continuing its .part at 600 MB reports 160 MB/s and an ETA for the 400 MB left, not GB/s")
    func retryResumesAtTheRealSpeed() throws {
        var state = failedAt600MB()
        state.send(.retryRequested("film"))
        // The new attempt, on the spin's clock from 10 s: the size, the .part's bytes, then
        // 16 MB every 0.1 s.
        state.send(.progressed("film", .video, .size(1_000_000_000), at: .seconds(10)),
                   .progressed("film", .video, .received(600_000_000), at: .seconds(10)))
        for tick in 1...10 {
            state.send(.progressed("film", .video, .received(600_000_000 + tick * 16_000_000),
                                   at: .seconds(10) + .milliseconds(100 * tick)))
        }
        let download = try #require(state.downloads["film"])
        #expect(download.receivedBytes == 760_000_000)
        #expect(download.percent == 76)
        #expect(try #require(download.bytesPerSecond) == 160_000_000)
        #expect(download.eta == .seconds(2))   // 240 MB at 160 MB/s: 1.5 s, rounded up
    }

    @Test("after a restart whose journal lags behind the .part, the resumed bytes are not counted as speed")
    func resumedAfterRestart() throws {
        // The journal kept 596 MB; the .part holds 600 MB.
        var state = DownloadsState()
        state.send(.downloadRequested(film),
                   .progressed("film", .video, .size(1_000_000_000), at: .zero),
                   .progressed("film", .video, .received(596_000_000), at: .seconds(4)))
        state = state.afterRestart()
        #expect(state.status("film") == .interrupted)
        state.send(.retryRequested("film"),
                   .progressed("film", .video, .size(1_000_000_000), at: .zero),
                   .progressed("film", .video, .resumed(600_000_000), at: .zero))
        var download = try #require(state.downloads["film"])
        #expect(download.receivedBytes == 600_000_000)
        #expect(download.bytesPerSecond == nil)
        state.send(.progressed("film", .video, .received(616_000_000), at: .milliseconds(100)))
        download = try #require(state.downloads["film"])
        #expect(try #require(download.bytesPerSecond) == 160_000_000)
        #expect(download.eta == .seconds(3))   // 384 MB at 160 MB/s: 2.4 s, rounded up
    }

    @Test("a part already whole is reported as resumed: no speed from it")
    func wholeFileAlreadyThere() throws {
        var state = DownloadsState()
        state.send(.downloadRequested(.sample("two", subtitles: true)),
                   .progressed("two", .subtitles, .size(50_000), at: .zero),
                   .progressed("two", .subtitles, .resumed(50_000), at: .zero),
                   .progressed("two", .subtitles, .finished(localPath: "local/two.srt"), at: .zero),
                   .progressed("two", .video, .size(1_000_000), at: .zero),
                   .progressed("two", .video, .received(100_000), at: .seconds(1)))
        let download = try #require(state.downloads["two"])
        #expect(download.receivedBytes == 150_000)
        #expect(download.bytesPerSecond == 100_000)
    }

    @Test("a retry that fails before its first report keeps the progress and the size it had")
    func failedRetryKeepsProgress() throws {
        var state = failedAt600MB()
        state.send(.retryRequested("film"))
        #expect(state.status("film") == .running)
        #expect(state.summary(of: "film")?.percent == 60)
        state.send(.failed("film", .video, message: "could not connect"))
        let summary = try #require(state.summary(of: "film"))
        #expect(summary.status == .failed("could not connect"))
        #expect(summary.percent == 60)
        #expect(summary.receivedBytes == 600_000_000)
        #expect(summary.totalBytes == 1_000_000_000)
    }

    @Test("d on a failed title (a new request) keeps its progress too; a copy found gone starts at 0")
    func requestAgainKeepsProgress() throws {
        var state = failedAt600MB()
        state.send(.downloadRequested(film))
        #expect(state.summary(of: "film")?.percent == 60)
        #expect(state.downloads["film"]?.attempt == 2)
        // A stored copy deleted by hand: nothing of it is left to resume.
        var stored = DownloadsState()
        stored.send(.downloadRequested(film))
        stored.complete("film", size: 1_000)
        stored.send(.localCopyLost("film"), .downloadRequested(film))
        #expect(stored.status("film") == .running)
        #expect(stored.summary(of: "film")?.percent == 0)
        #expect(stored.summary(of: "film")?.totalBytes == nil)
    }

    @Test("a source that starts a part over counts its new bytes as arrived, not as lost")
    func startOverAfterRetry() throws {
        var state = failedAt600MB()
        state.send(.retryRequested("film"),
                   .progressed("film", .video, .size(1_000_000_000), at: .zero),
                   .progressed("film", .video, .received(1_000_000), at: .seconds(1)),
                   .progressed("film", .video, .received(3_000_000), at: .seconds(2)))
        let download = try #require(state.downloads["film"])
        #expect(download.receivedBytes == 3_000_000)
        #expect(download.bytesPerSecond == 1_500_000)   // 3 MB in the 2 s since the size
    }
}

/// A spin on virtual time whose source continues a `.part` of 600 of 1,000 bytes at 100 bytes
/// a second: what the gear tells the app.
@Suite("A resumed download on virtual time")
struct ResumedTransferTests {
    @Test("the app hears the real speed and ETA of a resumed transfer")
    func gearTellsTheRealSpeed() async throws {
        let clock = VirtualClock()
        let source = ResumingSource(clock: clock, size: 1_000, resumedFrom: 600, bytesPerTick: 10, tick: .milliseconds(100))
        let gear = Gear<DownloadsGearEvent>()
        let heard = Mutex<[DownloadSummary]>([])
        let listener = Spin(initialState: 0) {
            Feedback<Int, Int>(attachedTo: gear, receiving: { event in
                if case .changed(let summary) = event { heard.withLock { $0.append(summary) } }
                return nil
            })
            Reducer<Int, Int> { (_: inout Int, _: Int) in }
        }
        listener.start()
        defer { listener.stop() }
        let feedbacks = DownloadsFeedbacks(source: source, clock: clock)
        let store = TestStore(initialState: DownloadsState(), clock: clock) {
            for feedback in feedbacks.all { feedback }
            Feedback.propagatingDownloads(to: gear)
            DownloadsState.reducer
        }
        store.exhaustivity = .off
        await store.send(.downloadRequested(.sample("film")))
        await store.advance(by: .seconds(2))
        store.skipReceivedEvents()
        let speeds = heard.withLock { $0.compactMap(\.bytesPerSecond) }
        #expect(!speeds.isEmpty)
        #expect(speeds.allSatisfy { abs($0 - 100) < 0.001 }, "speeds heard: \(speeds)")
        let etas = heard.withLock { $0.compactMap(\.eta) }
        // 400 bytes at 100 a second: 4 s from the start, never "0:01" from counting the 600.
        #expect(etas.allSatisfy { $0 >= .seconds(2) }, "ETAs heard: \(etas)")
        await store.advance(by: .seconds(3))
        store.skipReceivedEvents()
        #expect(store.state.status("film") == .finished(localVideo: "local/film", localSubtitles: nil))
        store.exhaustivity = .on
        await store.finish()
    }
}
