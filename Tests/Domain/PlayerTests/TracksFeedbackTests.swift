import Catalog
import Testing
@testable import Player

@Suite("Tracks and speed reach the engine (on a test clock)")
struct TracksFeedbackTests {
    @Test("at 2x the simulated engine plays a second of media time every half second")
    func doubleSpeed() async {
        let harness = PlayerHarness(PlayerState(title: .film, position: 50), running: [\.playback])
        let store = harness.store
        await store.send(.speedChanged(.double)) {
            $0.playback.speed = 200
            $0.interactionCount = 1
            $0.keepsPlayback = true
        }
        await store.advance(by: .milliseconds(499))
        #expect(harness.current?.position == 50)
        await store.advance(by: .milliseconds(1))
        await store.receive(.positionAdvanced(to: 51)) { $0.position = 51 }
        await store.advance(by: .milliseconds(500))
        await store.receive(.positionAdvanced(to: 52)) { $0.position = 52 }
        await store.send(.speedChanged(.reset)) {
            $0.playback.speed = 100
            $0.interactionCount = 2
            $0.playbackStart = 52
        }
        await store.advance(by: .milliseconds(999))
        #expect(harness.current?.position == 52)
        await store.advance(by: .milliseconds(1))
        await store.receive(.positionAdvanced(to: 53)) { $0.position = 53 }
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.finish()
    }

    @Test("a choice from before reaches the engine once the media loaded, then each change")
    func engineFollows() async {
        let choice = PlaybackChoice(audioTrack: 2, subtitles: .off, subtitleDelay: 0, speed: 150)
        let harness = MediaHarness(PlayerState(title: .clip, playback: choice), reports: [.loaded(.clipWithTracks)])
        let store = harness.store
        store.exhaustivity = .off
        await store.advance(by: .milliseconds(200))
        await store.receive(.mediaLoaded(.clipWithTracks))
        await store.runEffects()
        #expect(harness.engine.calls.contains(.playback(choice)))
        await store.send(.subtitlesCycled)
        await store.runEffects()
        #expect(harness.engine.calls.last == .playback(PlaybackChoice(audioTrack: 2, subtitles: .track(1), speed: 150)))
        await store.send(.backRequested)
        await store.finish()
    }
}
