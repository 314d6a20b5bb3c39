import Catalog
import Spin
import Testing
@testable import Player

/// All of the player's feedbacks at once, with the simulated engine: what a viewer sees.
@Suite("A whole viewing, on a test clock")
struct PlayerSessionTests {
    static var all: [KeyPath<PlayerHarness.Feedbacks, Feedback<PlayerState, PlayerEvent>>] {
        [\.hudAutoHide, \.playback, \.seeking, \.countdowns, \.engineControl]
    }

    @Test("a title plays, its intro skips itself 10 s after it starts, and playback goes on from the intro end")
    func introSkipsItself() async {
        // Short: the intro runs 2 ..< 30. The HUD starts hidden, so only playback and the countdown run.
        var player = PlayerState(title: .short)
        player.send(.hudToggled)
        let harness = PlayerHarness(player, running: Self.all)
        let store = harness.store
        await store.advance(by: .seconds(2))
        await store.receive(.positionAdvanced(to: 1)) { $0.position = 1 }
        await store.receive(.positionAdvanced(to: 2)) {
            $0.position = 2
            $0.skipIntro.phase = .counting(secondsLeft: 10)
        }
        // Each second: one more second played, one less on the prompt.
        for second in 3...11 {
            await store.advance(by: .seconds(1))
            await store.receive(.positionAdvanced(to: second)) { $0.position = second }
            await store.receive(.countdownTicked(.skipIntro, secondsLeft: 12 - second)) {
                $0.skipIntro.phase = .counting(secondsLeft: 12 - second)
            }
        }
        await store.advance(by: .seconds(1))
        await store.receive(.positionAdvanced(to: 12)) { $0.position = 12 }
        await store.receive(.countdownTicked(.skipIntro, secondsLeft: 0)) {
            $0.skipIntro.phase = .acting
            $0.pendingSeek = PendingSeek(target: 30, purpose: .skipIntro)
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 30)) {
            $0.position = 30
            $0.playbackStart = 30
            $0.pendingSeek = nil
            $0.skipIntro.phase = .hidden
        }
        await store.advance(by: .seconds(1))
        await store.receive(.positionAdvanced(to: 31)) { $0.position = 31 }
        #expect(harness.timeline.firstTime { $0.position == 31 } == .milliseconds(13_300))
        await store.send(.playPauseToggled) {
            $0.isPlaying = false
            $0.isHUDVisible = true
            $0.interactionCount = 1
        }
        await store.runEffects()
        #expect(harness.engine.calls == [.play, .seek(30), .pause])
        await store.finish()
    }

    @Test("while playing with the HUD hidden, the state changes once per second of media time and at no other time")
    func oneChangePerSecond() async {
        var player = PlayerState(title: .film, position: 45)
        player.send(.hudToggled)
        let harness = PlayerHarness(player, running: Self.all)
        let store = harness.store
        await store.advance(by: .seconds(10))
        for position in 46...55 {
            await store.receive(.positionAdvanced(to: position)) { $0.position = position }
        }
        // The first entry is the initial state, at 0 s.
        #expect(harness.timeline.times == (0...10).map { Duration.seconds($0) })
        await store.send(.playPauseToggled) {
            $0.isPlaying = false
            $0.isHUDVisible = true
            $0.interactionCount = 1
        }
        await store.finish()
    }

    @Test("with the HUD shown it hides after 3 s, in step with playback")
    func hudWhilePlaying() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 45), running: Self.all)
        let store = harness.store
        await store.advance(by: .seconds(3))
        await store.receive(.positionAdvanced(to: 46)) { $0.position = 46 }
        await store.receive(.positionAdvanced(to: 47)) { $0.position = 47 }
        await store.receive(.hudTimedOut(interaction: 0)) { $0.isHUDVisible = false }
        await store.receive(.positionAdvanced(to: 48)) { $0.position = 48 }
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.finish()
    }
}
