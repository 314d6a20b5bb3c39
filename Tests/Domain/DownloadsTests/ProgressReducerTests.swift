import Catalog
import Testing
@testable import Downloads

@Suite("Combined progress, speed and ETA")
struct ProgressReducerTests {
    let film = Title.sample("film", subtitles: true)

    func running(_ title: Title) -> DownloadsState {
        var state = DownloadsState()
        state.send(.downloadRequested(title))
        return state
    }

    @Test("a title whose media names subtitles downloads both parts; one without, the video only")
    func parts() {
        #expect(DownloadPart.parts(of: film) == [.video, .subtitles])
        #expect(DownloadPart.parts(of: .sample("plain")) == [.video])
        var state = DownloadsState()
        state.send(.downloadRequested(.sample("plain"), parts: DownloadPart.allCases))
        #expect(state.downloads["plain"]?.parts == [.video, .subtitles])
        #expect(state.transferRequests.map(\.parts) == [[.video, .subtitles]])
    }

    @Test("once both sizes are known, progress is bytes received over total bytes")
    func weightedBySize() throws {
        var state = running(film)
        state.send(.progressed("film", .video, .size(9_000), at: .zero),
                   .progressed("film", .subtitles, .size(1_000), at: .zero),
                   .progressed("film", .video, .received(3_000), at: .seconds(1)),
                   .progressed("film", .subtitles, .received(1_000), at: .seconds(1)))
        let download = try #require(state.downloads["film"])
        #expect(download.fraction == 0.4)
        #expect(download.percent == 40)
        #expect(download.receivedBytes == 4_000)
        #expect(download.totalBytes == 10_000)
    }

    @Test("until every size is known, each part counts by its share: 90% video, 10% subtitles")
    func unknownSizes() throws {
        var state = running(film)
        state.send(.progressed("film", .video, .size(1_000), at: .zero),
                   .progressed("film", .subtitles, .size(nil), at: .zero),
                   .progressed("film", .video, .received(500), at: .seconds(1)),
                   .progressed("film", .subtitles, .received(300), at: .seconds(1)))
        var download = try #require(state.downloads["film"])
        #expect(download.totalBytes == nil)
        #expect(download.fraction == 0.45)   // 0.9 × 0.5 + 0.1 × (unknown: 0)
        #expect(download.eta == nil)
        state.send(.progressed("film", .subtitles, .finished(localPath: "local/film.srt"), at: .seconds(2)))
        download = try #require(state.downloads["film"])
        // The finished part's size is what it received: now every size is known.
        #expect(download.progress[.subtitles] == PartProgress(received: 300, total: 300, localPath: "local/film.srt"))
        #expect(download.fraction == 800.0 / 1_300.0)
    }

    @Test("a video alone counts fully; a part of unknown size counts once it is known")
    func videoAlone() throws {
        var state = running(.sample("plain"))
        state.send(.progressed("plain", .video, .size(nil), at: .zero),
                   .progressed("plain", .video, .received(500), at: .seconds(1)))
        #expect(state.downloads["plain"]?.fraction == 0)
        state.send(.progressed("plain", .video, .size(2_000), at: .seconds(1)))
        #expect(state.downloads["plain"]?.fraction == 0.25)
        #expect(state.downloads["plain"]?.share(of: .video) == 1)
    }

    @Test("the download is finished, with both paths, when its last part is")
    func finished() {
        var state = running(film)
        state.complete("film", .subtitles)
        #expect(state.status("film") == .running)
        state.complete("film", .video)
        #expect(state.status("film") == .finished(localVideo: "local/film/video", localSubtitles: "local/film/subtitles"))
        #expect(state.lastChange == .finished(id: "film", localVideo: "local/film/video", localSubtitles: "local/film/subtitles"))
        #expect(state.downloads["film"]?.fraction == 1)
        #expect(state.transferRequests.isEmpty)
    }

    @Test("other spins hear of progress only when the whole percentage changes")
    func progressChanges() {
        var state = running(.sample("plain"))
        state.send(.progressed("plain", .video, .size(1_000), at: .zero))
        #expect(state.lastChange == nil)
        state.send(.progressed("plain", .video, .received(5), at: .zero))
        #expect(state.lastChange == nil)
        state.send(.progressed("plain", .video, .received(10), at: .zero))
        #expect(state.lastChange == .progress(id: "plain", fraction: 0.01))
        state.send(.progressed("plain", .video, .received(15), at: .zero))
        #expect(state.lastChange == nil)
    }

    @Test("speed is measured over the samples of the last 5 s; ETA is what is left at that speed")
    func speedAndETA() throws {
        var state = running(.sample("plain"))
        state.send(.progressed("plain", .video, .size(20_000), at: .zero))
        #expect(state.downloads["plain"]?.bytesPerSecond == nil)
        for second in 1...4 {
            state.send(.progressed("plain", .video, .received(second * 1_000), at: .seconds(second)))
        }
        var download = try #require(state.downloads["plain"])
        #expect(download.bytesPerSecond == 1_000)
        #expect(download.eta == .seconds(16))
        // Faster from 5 s on: the window forgets the slow start.
        for second in 5...10 {
            state.send(.progressed("plain", .video, .received(4_000 + (second - 4) * 2_000), at: .seconds(second)))
        }
        download = try #require(state.downloads["plain"])
        #expect(download.samples.first?.at == .seconds(5))
        #expect(download.bytesPerSecond == 2_000)
        #expect(download.eta == .seconds(2))   // 4,000 bytes left
    }

    @Test("speed and ETA are nil for a download that does not run")
    func noSpeedWhenStopped() {
        var state = running(.sample("plain"))
        state.send(.progressed("plain", .video, .size(20_000), at: .zero),
                   .progressed("plain", .video, .received(1_000), at: .seconds(1)),
                   .cancelRequested("plain"))
        #expect(state.downloads["plain"]?.bytesPerSecond == nil)
        #expect(state.downloads["plain"]?.eta == nil)
    }
}
