import Catalog
import Testing
@testable import Downloads

/// A stored title found on disk that no download knows of (a lost journal).
@Suite("Local copies found")
struct LocalCopyFoundTests {
    @Test("a stored title found on disk shows finished, both parts stored, and the app hears of it")
    func foundIsFinished() {
        var state = DownloadsState()
        let film = Title.sample("film", subtitles: true)
        state.send(.localCopyFound(film, LocalCopy(video: "d/film/video.mkv", subtitles: "d/film/subtitles.srt")))
        #expect(state.order == ["film"])
        #expect(state.status("film") == .finished(localVideo: "d/film/video.mkv", localSubtitles: "d/film/subtitles.srt"))
        #expect(state.downloads["film"]?.fraction == 1)
        #expect(state.lastChange == .finished(id: "film", localVideo: "d/film/video.mkv", localSubtitles: "d/film/subtitles.srt"))
        #expect(state.transferRequests.isEmpty, "nothing is fetched again")
    }

    @Test("a title the state already knows is left as the journal has it")
    func knownTitleUnchanged() {
        var state = DownloadsState()
        let film = Title.sample("film")
        state.send(.downloadRequested(film))
        let before = state.downloads["film"]
        state.send(.localCopyFound(film, LocalCopy(video: "elsewhere/video.mkv")))
        #expect(state.downloads["film"] == before)
        #expect(state.order == ["film"])
    }
}
