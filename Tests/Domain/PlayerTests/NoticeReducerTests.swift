import Catalog
import Testing
@testable import Player

/// The player's notice: a few words with the HUD, until the next key or the HUD's 3 s.
@Suite("The player's notice, as a state machine")
struct NoticeReducerTests {
    @Test("a notice shows the HUD; the next key takes it away")
    func nextKeyDismisses() {
        var player = PlayerState(title: .film)
        player.send(.hudTimedOut(interaction: 0))
        player.send(.noticeShown("✓ marked watched"))
        #expect(player.notice == "✓ marked watched")
        #expect(player.isHUDVisible)
        player.send(.volumeChanged(by: 5))
        #expect(player.notice == nil)
    }

    @Test("paused, the HUD stays but the notice goes when its 3 s end; an older wait leaves it")
    func pausedWaitEnds() {
        var player = PlayerState(title: .film, isPlaying: false)
        #expect(player.hudHideRequest == nil)
        player.send(.noticeShown("marked not watched"))
        let request = player.hudHideRequest
        #expect(request != nil, "a notice is waited on, paused too")
        player.send(.hudTimedOut(interaction: 0))
        #expect(player.notice == "marked not watched", "a wait for an earlier key")
        player.send(.hudTimedOut(interaction: request?.interaction ?? -1))
        #expect(player.notice == nil)
        #expect(player.isHUDVisible)
        #expect(player.hudHideRequest == nil)
    }

    @Test("the engine's word on loading (sound only) shows with the HUD, and goes with its first wait")
    func engineNotice() {
        var player = PlayerState(title: .clip)
        var info = MediaInfo.clip
        info.notice = "no display: sound only"
        player.send(.mediaLoaded(info))
        #expect(player.notice == "no display: sound only")
        #expect(player.isHUDVisible)
        let request = player.hudHideRequest
        #expect(request != nil)
        player.send(.hudTimedOut(interaction: request?.interaction ?? -1))
        #expect(player.notice == nil)
    }
}
