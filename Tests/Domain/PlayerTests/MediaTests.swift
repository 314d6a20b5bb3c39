import Foundation
import Catalog
import SpinTesting
import Testing
@testable import Player

@Suite("Titles that play for real: loading, failing, volume (on a test clock)")
struct MediaTests {
    typealias Harness = MediaHarness

    @Test("a title with media waits for it: nothing plays, seeks or counts down until it has loaded")
    func loading() {
        var player = PlayerState(title: .clip, position: 0)
        #expect(player.media == .loading)
        #expect(player.mediaRequest == MediaRequest(title: .clip, start: 0))
        #expect(player.playbackRequest == nil)
        #expect(player.engineSettings == nil)
        #expect(player.countdownRequests.isEmpty)
        #expect(!player.isAtEnd)
        player.send(.seekRequested(by: 10), .playPauseToggled)
        #expect(player.pendingSeek == nil)
        #expect(player.isPlaying)
    }

    @Test("loaded: the title takes its length and marks from the media; the engine's volume shows")
    func loaded() {
        var player = PlayerState(title: .clip, position: 0)
        player.send(.mediaLoaded(.clip))
        #expect(player.media == .ready)
        #expect(player.title.duration == 12)
        #expect(player.title.introStart == 0 && player.title.introEnd == 3)
        #expect(player.title.creditsStart == 9)
        #expect(player.volume == 60)
        #expect(player.isSkipIntroShown)
        #expect(player.playbackRequest?.start == 0)
        // The media is opened once: its request does not follow the title's new facts.
        #expect(player.mediaRequest == MediaRequest(title: .clip, start: 0))
    }

    @Test("the catalog's marks win over the chapters'")
    func catalogWins() {
        var title = Title.clip
        title.introStart = 1
        title.introEnd = 2
        title.media?.knowsIntro = true
        var player = PlayerState(title: title)
        player.send(.mediaLoaded(.clip))
        #expect(player.title.introStart == 1 && player.title.introEnd == 2)
        #expect(player.title.creditsStart == 9)
    }

    @Test("a resumed position beyond the media's end is clamped when it loads, and ends there")
    func clampOnLoad() {
        var player = PlayerState(title: .clip, position: 50)
        #expect(player.mediaRequest?.start == 50)
        player.send(.mediaLoaded(.clip))
        #expect(player.position == 12)
        #expect(player.isAtEnd)
        #expect(!player.isPlaying)
    }

    @Test("a failure stops everything and says why; Esc still goes back")
    func failure() {
        var player = PlayerState(title: .clip)
        player.send(.mediaLoaded(.clip), .seekRequested(by: 5))
        #expect(player.pendingSeek != nil)
        player.send(.mediaFailed("mpv stopped (killed by signal 9)"))
        #expect(player.media == .failed("mpv stopped (killed by signal 9)"))
        #expect(player.mediaRequest == nil)
        #expect(player.playbackRequest == nil && player.seekRequest == nil && player.engineSettings == nil)
        #expect(player.isHUDVisible && !player.isSkipIntroShown)
        player.send(.playPauseToggled)
        #expect(player.playbackRequest == nil)
        player.send(.backRequested)
        #expect(player.exit == .backToList)
    }

    @Test("media that cannot tell its length has none: it ends where it starts, and Space leaves it paused there")
    func noLength() {
        var player = PlayerState(title: .clip)
        player.send(.mediaLoaded(MediaInfo(duration: nil)))
        #expect(player.title.duration == 0 && player.isAtEnd && !player.isPlaying)
        player.send(.playPauseToggled)
        #expect(!player.isPlaying)
        #expect(player.pendingSeek == nil && player.playbackRequest == nil)
        #expect(player.isHUDVisible)
    }

    @Test("volume keys step by their amount within 0 … 130; louder unmutes; the choice is kept over the engine's")
    func volume() {
        var player = PlayerState(title: .plain)
        player.send(.volumeChanged(by: 50))
        #expect(player.volume == 130)
        player.send(.muteToggled)
        #expect(player.isMuted)
        player.send(.volumeChanged(by: -200))
        #expect(player.volume == 0 && player.isMuted)
        player.send(.volumeChanged(by: 5))
        #expect(player.volume == 5 && !player.isMuted)
        #expect(player.keepsVolume)

        var chosen = PlayerState(title: .clip, volume: 80)
        chosen.send(.mediaLoaded(.clip))
        #expect(chosen.volume == 80)
    }

    @Test("up next is asked of the catalog when not known, and the answer for another title is ignored")
    func upNextLookup() {
        var player = PlayerState(title: .film, upNextQuery: "fi")
        #expect(player.upNextLookup == UpNextLookup(titleID: "film", query: "fi"))
        player.send(.nextTitleFound(.short, after: "other"))
        #expect(player.nextTitle == nil)
        player.send(.nextTitleFound(.sequel, after: "film"))
        #expect(player.nextTitle == .sequel)
        #expect(player.upNextLookup == nil)
        // Known from the list: nothing to ask.
        #expect(PlayerState(title: .film, nextTitle: .sequel, upNextQuery: "").upNextLookup == nil)
    }

    @Test("a player is written whole and read back the same")
    func writtenWhole() throws {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 50)
        player.send(.seekRequested(by: 10))
        #expect(try JSONDecoder().decode(PlayerState.self, from: JSONEncoder().encode(player)) == player)
    }

    @Test("the media opens once, reports load; the engine gets the volume, then play; closing closes it")
    func feedbacks() async {
        let harness = Harness(PlayerState(title: .clip), reports: [.loaded(.clip)])
        let store = harness.store
        await store.advance(by: .milliseconds(200))
        await store.receive(.mediaLoaded(.clip)) {
            $0.media = .ready
            $0.title = Title.clip.merged(with: .clip)
            $0.volume = 60
            $0.skipIntro.phase = .counting(secondsLeft: 10)
            // The clip has no subtitles.
            $0.playback.subtitles = .off
        }
        await store.runEffects()
        #expect(harness.engine.calls == [
            .open("clip", at: 0), .volume(60, muted: false), .playback(PlaybackChoice(subtitles: .off)), .play,
        ])
        await store.send(.volumeChanged(by: 5)) {
            $0.volume = 65
            $0.keepsVolume = true
            $0.interactionCount = 1
        }
        await store.send(.muteToggled) {
            $0.isMuted = true
            $0.interactionCount = 2
        }
        await store.runEffects()
        #expect(harness.engine.calls.suffix(2) == [.volume(65, muted: false), .volume(65, muted: true)])
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.runEffects()
        // In either order: the pause comes from the engine control, the close from the media's effect.
        let last = harness.engine.calls.suffix(2)
        #expect(last.contains(.pause) && last.contains(.closed("clip")))
        await store.finish()
    }

    @Test("a failure closes the media; nothing is asked of the engine after it")
    func failureClosesMedia() async {
        let harness = Harness(PlayerState(title: .clip), reports: [.failed("cannot play /media/clip.mkv: No such file")])
        let store = harness.store
        await store.advance(by: .milliseconds(200))
        await store.receive(.mediaFailed("cannot play /media/clip.mkv: No such file")) {
            $0.media = .failed("cannot play /media/clip.mkv: No such file")
        }
        await store.runEffects()
        #expect(harness.engine.calls == [.open("clip", at: 0), .closed("clip")])
        await store.send(.backRequested) { $0.exit = .backToList }
        await store.finish()
    }
}

/// A player spin with all its feedbacks on a scripted media engine.
struct MediaHarness {
    let engine: ScriptedMediaEngine
    let store: TestStore<PlayerState, PlayerEvent>

    init(_ initialState: PlayerState, reports: [MediaReport], sourceLocation: SourceLocation = #_sourceLocation) {
        let engine = ScriptedMediaEngine(reports: reports)
        self.engine = engine
        let feedbacks = PlayerFeedbacks(engine: engine)
        store = TestStore(initialState: initialState, clock: VirtualClock(), sourceLocation: sourceLocation) {
            feedbacks.media
            feedbacks.engineControl
            PlayerState.reducer
        }
    }
}
