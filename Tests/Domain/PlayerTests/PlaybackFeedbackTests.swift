import Catalog
import Testing
@testable import Player

@Suite("Playback and seeking with the simulated engine, on a test clock")
struct PlaybackFeedbackTests {
    @Test("playing reports one position per second of media time")
    func oncePerSecond() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50), running: [\.playback])
        let store = harness.store
        await store.advance(by: .milliseconds(999))
        #expect(harness.current?.position == 50)
        await store.advance(by: .milliseconds(1))
        await store.receive(.positionAdvanced(to: 51)) { $0.position = 51 }
        await store.advance(by: .seconds(3))
        for position in 52...54 {
            await store.receive(.positionAdvanced(to: position)) { $0.position = position }
        }
        await store.send(.playPauseToggled) {
            $0.isPlaying = false
            $0.interactionCount = 1
        }
        await store.advance(by: .seconds(10))
        #expect(harness.current?.position == 54)
        #expect(harness.timeline.firstTime { $0.position == 54 } == .seconds(4))
        await store.finish()
    }

    @Test("playing on after a pause resumes from where it stopped, a full second later")
    func resume() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50), running: [\.playback])
        let store = harness.store
        await store.advance(by: .milliseconds(1_500))
        await store.receive(.positionAdvanced(to: 51)) { $0.position = 51 }
        await store.send(.playPauseToggled) {
            $0.isPlaying = false
            $0.interactionCount = 1
        }
        await store.advance(by: .seconds(5))
        await store.send(.playPauseToggled) {
            $0.isPlaying = true
            $0.interactionCount = 2
            $0.playbackStart = 51
        }
        await store.advance(by: .seconds(1))
        await store.receive(.positionAdvanced(to: 52)) { $0.position = 52 }
        #expect(harness.timeline.firstTime { $0.position == 52 } == .milliseconds(7_500))
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.finish()
    }

    @Test("reaching the end stops playback")
    func stopsAtEnd() async {
        var player = PlayerState(title: .film, position: 118)
        player.send(.hudToggled)
        let harness = PlayerHarness(player, running: [\.playback])
        let store = harness.store
        await store.advance(by: .seconds(2))
        await store.receive(.positionAdvanced(to: 119)) { $0.position = 119 }
        await store.receive(.positionAdvanced(to: 120)) {
            $0.position = 120
            $0.isPlaying = false
            $0.isHUDVisible = true
        }
        await store.advance(by: .seconds(30))
        await store.finish()
    }

    @Test("a seek takes 300 ms; playback waits for it and goes on from its target")
    func seekLatency() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50), running: [\.playback, \.seeking])
        let store = harness.store
        await store.advance(by: .milliseconds(500))
        await store.send(.seekRequested(by: 10)) {
            $0.interactionCount = 1
            $0.pendingSeek = PendingSeek(target: 60, purpose: .user)
            $0.seekPreview = SeekPreview(target: 60, seekKey: 1)
        }
        await store.advance(by: .milliseconds(299))
        #expect(harness.current?.isSeeking == true)
        #expect(harness.current?.position == 50)
        await store.advance(by: .milliseconds(1))
        await store.receive(.seekFinished(at: 60)) {
            $0.position = 60
            $0.playbackStart = 60
            $0.pendingSeek = nil
        }
        await store.advance(by: .seconds(1))
        await store.receive(.positionAdvanced(to: 61)) { $0.position = 61 }
        #expect(harness.timeline.firstTime { $0.position == 61 } == .milliseconds(1_800))
        #expect(harness.engine.calls == [.seek(60)])
        await store.send(.playPauseToggled) {
            $0.isPlaying = false
            $0.interactionCount = 2
        }
        await store.finish()
    }

    @Test("the seek latency is the engine's to choose")
    func slowSeek() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50, isPlaying: false),
                                    seekLatency: .seconds(2), running: [\.seeking])
        let store = harness.store
        await store.send(.seekRequested(by: -10)) {
            $0.interactionCount = 1
            $0.pendingSeek = PendingSeek(target: 40, purpose: .user)
            $0.seekPreview = SeekPreview(target: 40, seekKey: 1)
        }
        await store.advance(by: .milliseconds(1_999))
        #expect(harness.current?.isSeeking == true)
        await store.advance(by: .milliseconds(1))
        await store.receive(.seekFinished(at: 40)) {
            $0.position = 40
            $0.playbackStart = 40
            $0.pendingSeek = nil
        }
        await store.finish()
    }

    @Test("a second seek key while the first is in flight replaces it: one landing, at the sum")
    func seekReplaced() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50, isPlaying: false), running: [\.seeking])
        let store = harness.store
        await store.send(.seekRequested(by: 10)) {
            $0.interactionCount = 1
            $0.pendingSeek = PendingSeek(target: 60, purpose: .user)
            $0.seekPreview = SeekPreview(target: 60, seekKey: 1)
        }
        await store.advance(by: .milliseconds(200))
        await store.send(.seekRequested(by: 10)) {
            $0.interactionCount = 2
            $0.pendingSeek = PendingSeek(target: 70, purpose: .user)
            $0.seekPreview = SeekPreview(target: 70, seekKey: 2)
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 70)) {
            $0.position = 70
            $0.playbackStart = 70
            $0.pendingSeek = nil
        }
        #expect(harness.engine.calls == [.seek(60), .seek(70)])
        await store.finish()
    }

    @Test("the engine is told to play and pause as the user does, in order, and not during a seek")
    func engineControl() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50), running: [\.engineControl, \.seeking])
        let store = harness.store
        await store.runEffects()
        #expect(harness.engine.calls == [.play])
        await store.send(.playPauseToggled) {
            $0.isPlaying = false
            $0.interactionCount = 1
        }
        await store.send(.playPauseToggled) {
            $0.isPlaying = true
            $0.interactionCount = 2
        }
        await store.send(.seekRequested(by: 10)) {
            $0.interactionCount = 3
            $0.pendingSeek = PendingSeek(target: 60, purpose: .user)
            $0.seekPreview = SeekPreview(target: 60, seekKey: 3)
        }
        await store.advance(by: .milliseconds(300))
        await store.receive(.seekFinished(at: 60)) {
            $0.position = 60
            $0.playbackStart = 60
            $0.pendingSeek = nil
        }
        #expect(harness.engine.calls == [.play, .pause, .play, .seek(60)])
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.runEffects()
        #expect(harness.engine.calls == [.play, .pause, .play, .seek(60), .pause])
        await store.finish()
    }
}
