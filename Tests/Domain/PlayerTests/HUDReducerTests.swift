import Catalog
import Testing
@testable import Player

@Suite("HUD visibility, as a state machine")
struct HUDReducerTests {
    @Test("a new player shows the HUD and asks to hide it after the first 3 s")
    func shownAtOpen() {
        let player = PlayerState(title: .film)
        #expect(player.isHUDVisible)
        #expect(player.hudHideRequest == HUDHideRequest(titleID: "film", interaction: 0))
    }

    @Test("the wait ending hides the HUD; any key shows it again with a new wait")
    func anyKeyShows() {
        var player = PlayerState(title: .film)
        player.send(.hudTimedOut(interaction: 0))
        #expect(!player.isHUDVisible)
        #expect(player.hudHideRequest == nil)
        player.send(.interacted)
        #expect(player.isHUDVisible)
        #expect(player.hudHideRequest == HUDHideRequest(titleID: "film", interaction: 1))
    }

    @Test("every key press makes a new hide request, so the 3 s start again",
          arguments: [PlayerEvent.interacted, .seekRequested(by: 10), .skipIntroRequested, .promptDismissed,
                      .upNextAccepted])
    func everyKeyRestarts(event: PlayerEvent) {
        var player = PlayerState(title: .film)
        let before = player.hudHideRequest
        player.send(event)
        #expect(player.isHUDVisible)
        #expect(player.hudHideRequest != nil)
        #expect(player.hudHideRequest != before)
    }

    @Test("Tab hides a visible HUD at once, and shows a hidden one")
    func tabToggles() {
        var player = PlayerState(title: .film)
        player.send(.hudToggled)
        #expect(!player.isHUDVisible)
        #expect(player.hudHideRequest == nil)
        player.send(.hudToggled)
        #expect(player.isHUDVisible)
        #expect(player.hudHideRequest == HUDHideRequest(titleID: "film", interaction: 1))
    }

    @Test("a paused player keeps its HUD: no hide request, and a late wait changes nothing")
    func pausedKeeps() {
        var player = PlayerState(title: .film)
        player.send(.playPauseToggled)
        #expect(!player.isPlaying)
        #expect(player.isHUDVisible)
        #expect(player.hudHideRequest == nil)
        player.send(.hudTimedOut(interaction: player.interactionCount))
        #expect(player.isHUDVisible)
    }

    @Test("resuming play asks to hide the HUD 3 s later")
    func resumeRestarts() {
        var player = PlayerState(title: .film, isPlaying: false)
        #expect(player.hudHideRequest == nil)
        player.send(.playPauseToggled)
        #expect(player.hudHideRequest == HUDHideRequest(titleID: "film", interaction: 1))
    }

    @Test("the end of a wait that a later key press replaced is ignored")
    func staleTimeout() {
        var player = PlayerState(title: .film)
        player.send(.interacted)
        player.send(.hudTimedOut(interaction: 0))
        #expect(player.isHUDVisible)
    }

    @Test("reaching the end stops playback and shows the HUD")
    func endShows() {
        var player = PlayerState(title: .film, position: 119)
        player.send(.hudToggled)
        player.send(.positionAdvanced(to: 120))
        #expect(!player.isPlaying)
        #expect(player.isAtEnd)
        #expect(player.isHUDVisible)
        #expect(player.hudHideRequest == nil)
    }
}
