import Catalog
import Testing
@testable import Player

extension MediaTrack {
    static let english = MediaTrack(id: 1, kind: .audio, language: "eng", title: "English", codec: "aac", isSelected: true)
    static let french = MediaTrack(id: 2, kind: .audio, language: "fra", codec: "aac")
    static let englishSubtitles = MediaTrack(id: 1, kind: .subtitles, language: "eng", codec: "subrip")
    static let germanSubtitles = MediaTrack(id: 2, kind: .subtitles, language: "deu", title: "Deutsch", codec: "subrip",
                                            isSelected: true)
}

extension MediaInfo {
    /// The clip with two audio tracks (English chosen by the engine) and two subtitle tracks
    /// (German chosen).
    static let clipWithTracks = MediaInfo(duration: 11.96, chapters: MediaInfo.clip.chapters, volume: 60,
                                          tracks: [.english, .french, .englishSubtitles, .germanSubtitles])
}

@Suite("Tracks and speed (reducer)")
struct TracksReducerTests {
    static func loaded(_ playback: PlaybackChoice? = nil) -> PlayerState {
        var player = PlayerState(title: .clip, playback: playback)
        player.send(.mediaLoaded(.clipWithTracks))
        return player
    }

    @Test("once loaded, the tracks are the media's, and what plays is what the engine chose")
    func mediaDefaults() {
        let player = Self.loaded()
        #expect(player.audioTracks == [.english, .french])
        #expect(player.subtitleTracks == [.englishSubtitles, .germanSubtitles])
        #expect(player.playback == PlaybackChoice(audioTrack: 1, subtitles: .track(2)))
        #expect(player.currentAudio == .english)
        #expect(player.currentSubtitles == .germanSubtitles)
        #expect(!player.keepsPlayback, "nothing chosen: nothing to keep")
    }

    @Test("# cycles the audio tracks, wrapping; the choice is kept")
    func cycleAudio() {
        var player = Self.loaded()
        player.send(.audioCycled)
        #expect(player.currentAudio == .french)
        #expect(player.keepsPlayback)
        player.send(.audioCycled)
        #expect(player.currentAudio == .english)
    }

    @Test("j cycles the subtitle tracks, then none, then the first again; v turns them off and back on")
    func cycleAndToggleSubtitles() {
        var player = Self.loaded()
        player.send(.subtitlesCycled)
        #expect(player.playback.subtitles == .off)
        player.send(.subtitlesCycled)
        #expect(player.playback.subtitles == .track(1))
        player.send(.subtitlesCycled)
        #expect(player.playback.subtitles == .track(2))
        player.send(.subtitlesToggled)
        #expect(player.playback.subtitles == .off)
        #expect(player.currentSubtitles == nil)
        player.send(.subtitlesToggled)
        #expect(player.playback.subtitles == .track(2), "back on with the track it had")
    }

    @Test("z and Z move the subtitles by 100 ms, within a minute either way")
    func subtitleDelay() {
        var player = Self.loaded()
        player.send(.subtitleDelayChanged(by: 100), .subtitleDelayChanged(by: 100), .subtitleDelayChanged(by: -100))
        #expect(player.playback.subtitleDelay == 100)
        for _ in 0..<700 { player.send(.subtitleDelayChanged(by: -100)) }
        #expect(player.playback.subtitleDelay == -60_000)
    }

    @Test("speed: ±10 %, halve, double, reset; always 0.5x to 3x")
    func speed() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.speedChanged(.step(10)))
        #expect(player.playback.speed == 110)
        player.send(.speedChanged(.double), .speedChanged(.double))
        #expect(player.playback.speed == 300)
        player.send(.speedChanged(.step(10)))
        #expect(player.playback.speed == 300)
        player.send(.speedChanged(.halve), .speedChanged(.halve), .speedChanged(.halve))
        #expect(player.playback.speed == 50)
        player.send(.speedChanged(.step(-10)))
        #expect(player.playback.speed == 50)
        player.send(.speedChanged(.reset))
        #expect(player.playback.speed == 100)
        #expect(player.keepsPlayback)
    }

    @Test("a speed change restarts playback from where it is, at the new pace")
    func speedRestartsPlayback() {
        var player = PlayerState(title: .film, position: 50)
        player.send(.positionAdvanced(to: 53))
        player.send(.speedChanged(.step(50)))
        #expect(player.playbackRequest == PlaybackRequest(title: .film, start: 53, speed: 150))
        #expect(player.engineSettings?.playback.speed == 150)
    }

    @Test("the picker lists audio, no subtitles, subtitles; opens on what plays; Enter chooses and closes")
    func picker() {
        var player = Self.loaded()
        #expect(player.trackPickerRows == [.audio(.english), .audio(.french), .subtitlesOff,
                                           .subtitles(.englishSubtitles), .subtitles(.germanSubtitles)])
        player.send(.trackPickerToggled)
        #expect(player.trackPicker?.selection == 0)
        player.send(.trackPickerMoved(by: 1), .trackPickerChose)
        #expect(player.trackPicker == nil)
        #expect(player.currentAudio == .french)

        player.send(.trackPickerToggled)
        #expect(player.trackPicker?.selection == 1, "on the audio track that plays")
        player.send(.trackPickerMoved(by: 1), .trackPickerChose)
        #expect(player.playback.subtitles == .off)

        player.send(.trackPickerToggled, .trackPickerMoved(by: 99))
        #expect(player.trackPicker?.selection == 4, "stops at the last row")
        player.send(.trackPickerMoved(by: -99))
        #expect(player.trackPicker?.selection == 0)
        player.send(.trackPickerToggled)
        #expect(player.trackPicker == nil, "t again closes it, choosing nothing")
        #expect(player.currentAudio == .french)
    }

    @Test("a choice from before applies once the media loads; tracks the media lacks fall back to its own")
    func restoredChoice() {
        let restored = Self.loaded(PlaybackChoice(audioTrack: 2, subtitles: .off, subtitleDelay: 300, speed: 150))
        #expect(restored.playback == PlaybackChoice(audioTrack: 2, subtitles: .off, subtitleDelay: 300, speed: 150))
        #expect(restored.keepsPlayback)
        #expect(restored.engineSettings?.playback == restored.playback)

        let stale = Self.loaded(PlaybackChoice(audioTrack: 7, subtitles: .track(9), speed: 120))
        #expect(stale.playback == PlaybackChoice(audioTrack: 1, subtitles: .track(2), speed: 120))
    }

    @Test("track keys do nothing before the media is ready, or after it failed")
    func notBeforeReady() {
        var loading = PlayerState(title: .clip)
        loading.send(.audioCycled, .speedChanged(.double), .trackPickerToggled)
        #expect(loading.playback == PlaybackChoice())
        #expect(loading.trackPicker == nil)

        var failed = Self.loaded()
        failed.send(.trackPickerToggled, .mediaFailed("mpv stopped"))
        #expect(failed.trackPicker == nil)
        failed.send(.speedChanged(.double))
        #expect(failed.playback.speed == 100)
    }

    @Test("a title without media has the simulated engine's tracks, at once")
    func simulatedTracks() {
        let player = PlayerState(title: .film)
        #expect(player.audioTracks.count >= 2)
        #expect(player.subtitleTracks.count == 3)
        #expect(player.currentAudio?.language == "eng")
        #expect(player.playback.subtitles == .off)
    }

    @Test("the label says the title, the language and the codec, as far as the file tells")
    func labels() {
        #expect(MediaTrack.english.label == "English (eng, aac)")
        #expect(MediaTrack.french.label == "fra, aac")
        #expect(MediaTrack(id: 3, kind: .audio).label == "Track 3")
    }
}
