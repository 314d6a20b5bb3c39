import Catalog
import Testing
@testable import Player

@Suite("Skip intro, as a state machine")
struct SkipIntroReducerTests {
    @Test("no prompt before the intro; playing into it shows \"Skip intro (10)\"")
    func appears() {
        var player = PlayerState(title: .film, position: 9)
        #expect(!player.isSkipIntroShown)
        #expect(player.countdownRequests.isEmpty)
        player.send(.positionAdvanced(to: 10))
        #expect(player.isInIntro)
        #expect(player.skipIntro.phase == .counting(secondsLeft: 10))
        #expect(player.countdownRequests == [CountdownRequest(titleID: "film", prompt: .skipIntro, secondsLeft: 10)])
    }

    @Test("a title that opens on its intro shows the prompt at once")
    func coldOpen() {
        let player = PlayerState(title: .coldOpen)
        #expect(player.skipIntro.phase == .counting(secondsLeft: 10))
    }

    @Test("a title without an intro never shows it")
    func noIntro() {
        var player = PlayerState(title: .plain)
        #expect(!player.isSkipIntroShown)
        player.send(.positionAdvanced(to: 1), .seekRequested(by: 30), .seekFinished(at: 31))
        #expect(!player.isSkipIntroShown)
    }

    @Test("it counts 10 … 1, then at zero seeks to the intro end and says so until the seek lands")
    func countsThenSkips() {
        var player = PlayerState(title: .film, position: 10)
        for secondsLeft in (1...9).reversed() {
            player.send(.countdownTicked(.skipIntro, secondsLeft: secondsLeft))
            #expect(player.skipIntro.secondsLeft == secondsLeft)
            #expect(player.seekRequest == nil)
        }
        player.send(.countdownTicked(.skipIntro, secondsLeft: 0))
        #expect(player.isSkippingIntro)
        #expect(player.isSkipIntroShown)
        #expect(player.seekRequest == SeekRequest(titleID: "film", target: 40))
        #expect(player.countdownRequests.isEmpty)
        player.send(.positionAdvanced(to: 11))
        #expect(player.isSkippingIntro)
        player.send(.seekFinished(at: 40))
        #expect(player.position == 40)
        #expect(!player.isSkipIntroShown)
        #expect(player.skipIntro.phase == .hidden)
    }

    @Test("a tick for a number that is not the next one is ignored")
    func staleTick() {
        var player = PlayerState(title: .film, position: 10)
        player.send(.countdownTicked(.skipIntro, secondsLeft: 9), .countdownTicked(.skipIntro, secondsLeft: 9))
        #expect(player.skipIntro.secondsLeft == 9)
        player.send(.countdownTicked(.skipIntro, secondsLeft: 0))
        #expect(player.skipIntro.secondsLeft == 9)
    }

    @Test("s skips at once")
    func skipNow() {
        var player = PlayerState(title: .film, position: 15)
        player.send(.skipIntroRequested)
        #expect(player.isSkippingIntro)
        #expect(player.seekRequest?.target == 40)
    }

    @Test("s still skips after x has dismissed the prompt")
    func skipAfterDismiss() {
        var player = PlayerState(title: .film, position: 15)
        player.send(.promptDismissed, .skipIntroRequested)
        #expect(player.isSkippingIntro)
        #expect(player.seekRequest?.target == 40)
    }

    @Test("s outside the intro does nothing but show the HUD")
    func skipOutside() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.skipIntroRequested)
        #expect(player.seekRequest == nil)
        #expect(!player.isSkipIntroShown)
    }

    @Test("x dismisses it: no countdown, and it stays away for the rest of the intro")
    func dismissed() {
        var player = PlayerState(title: .film, position: 10)
        player.send(.countdownTicked(.skipIntro, secondsLeft: 9), .promptDismissed)
        #expect(!player.isSkipIntroShown)
        #expect(player.countdownRequests.isEmpty)
        player.send(.positionAdvanced(to: 11), .seekRequested(by: 10), .seekFinished(at: 21))
        #expect(!player.isSkipIntroShown)
    }

    @Test("after x, seeking past the intro end and back into the intro does not bring it back")
    func dismissedForThisIntro() {
        var player = PlayerState(title: .film, position: 35)
        player.send(.promptDismissed, .seekRequested(by: 10), .seekFinished(at: 45))
        player.send(.seekRequested(by: -10), .seekFinished(at: 35))
        #expect(player.isInIntro)
        #expect(!player.isSkipIntroShown)
    }

    @Test("seeking back before the intro start brings it back when the intro comes again")
    func backBeforeStart() {
        var player = PlayerState(title: .film, position: 12)
        player.send(.promptDismissed, .seekRequested(by: -10), .seekFinished(at: 2))
        #expect(!player.isSkipIntroShown)
        player.send(.positionAdvanced(to: 10))
        #expect(player.skipIntro.phase == .counting(secondsLeft: 10))
    }

    @Test("seeking past the intro end hides it at once, before the seek lands")
    func seekPast() {
        var player = PlayerState(title: .film, position: 30)
        player.send(.countdownTicked(.skipIntro, secondsLeft: 9), .seekRequested(by: 10))
        #expect(player.isSeeking)
        #expect(!player.isSkipIntroShown)
        #expect(player.countdownRequests.isEmpty)
        player.send(.seekFinished(at: 40))
        #expect(!player.isSkipIntroShown)
    }

    @Test("seeking within the intro keeps the countdown going")
    func seekWithin() {
        var player = PlayerState(title: .film, position: 12)
        player.send(.countdownTicked(.skipIntro, secondsLeft: 9), .seekRequested(by: 10))
        #expect(player.skipIntro.secondsLeft == 9)
        player.send(.seekFinished(at: 22), .countdownTicked(.skipIntro, secondsLeft: 8))
        #expect(player.skipIntro.secondsLeft == 8)
    }

    @Test("seeking while it skips abandons the skip: back into the intro, the prompt stays away")
    func seekWhileSkipping() {
        var player = PlayerState(title: .film, position: 20)
        player.send(.skipIntroRequested, .seekRequested(by: -15))
        #expect(player.seekRequest?.target == 25)
        #expect(!player.isSkippingIntro)
        #expect(!player.isSkipIntroShown)
        player.send(.seekFinished(at: 25))
        #expect(player.position == 25)
        #expect(!player.isSkipIntroShown)
    }

    @Test("the countdown waits while paused and goes on when playing again")
    func pausedCountdown() {
        var player = PlayerState(title: .film, position: 10)
        player.send(.playPauseToggled)
        #expect(player.isSkipIntroShown)
        #expect(player.countdownRequests.isEmpty)
        player.send(.playPauseToggled)
        #expect(player.countdownRequests.map(\.secondsLeft) == [10])
    }
}
