import Catalog
import Testing
@testable import Player

/// A title whose media failed to load (a file moved away): nothing of playback is offered.
@Suite("A title whose media failed")
struct FailedMediaTests {
    /// A title whose catalog gave an intro from the start, so the position is in it at once.
    static let missing = Title(id: "missing", title: "Missing", year: 2024, genre: "Test", duration: 600,
                               introStart: 0, introEnd: 30, creditsStart: 560,
                               media: TitleMedia(video: "no/such/file.mkv"))

    @Test("s after a failed load shows no prompt (it showed \"Skip intro (0)\" for ever)")
    func skipIntroAfterFailure() {
        var player = PlayerState(title: Self.missing)
        player.send(.mediaFailed("cannot play no/such/file.mkv: loading failed"))
        player.send(.skipIntroRequested)
        #expect(!player.isSkipIntroShown)
        #expect(player.skipIntro.phase == .hidden)
        #expect(player.pendingSeek == nil)
    }

    @Test("s while the media loads does nothing either")
    func skipIntroWhileLoading() {
        var player = PlayerState(title: Self.missing)
        player.send(.skipIntroRequested)
        #expect(!player.isSkipIntroShown)
        player.send(.mediaLoaded(MediaInfo(duration: 600)))
        #expect(player.skipIntro.phase == .counting(secondsLeft: 10), "the intro's prompt counts as usual once loaded")
    }
}
