import Browser
import Catalog
import Player
import SpinTesting
import SpindleUITesting
import Synchronization
import Terminal
import TerminalTesting
import Testing
@testable import AppCore

/// Tracks and speed in the app: the keys, the HUD, the picker, and the choice kept per title.
@Suite("Tracks and speed in the player (headless)")
struct PlayerTracksTests {
    static func playing(size: Size = Size(rows: 24, columns: 80)) -> AppState {
        var state = AppFixtures.state(size: size)
        AppFixtures.send([.enter], to: &state)
        return state
    }

    @Test("# j ] change the audio, the subtitles and the speed, and the HUD says so")
    func keysAndHUD() {
        var state = Self.playing()
        AppFixtures.send([.character("#"), .character("j"), .character("]"), .character("Z"), .character("Z")], to: &state)
        let player = try! #require(state.player)
        #expect(player.currentAudio?.language == "fra")
        #expect(player.currentSubtitles?.title == "English")
        #expect(player.playback.speed == 110)
        #expect(player.playback.subtitleDelay == 200)
        let text = AppFixtures.render(state).text
        #expect(text.contains("Audio Français (fra, aac) · Subtitles English (eng, subrip) +0.2 s · Speed 1.1x"))
        #expect(text.contains("▶ Playing  1.1x  vol 100"))
        AppFixtures.send([.backspace], to: &state)
        #expect(state.player?.playback.speed == 100, "Backspace is normal speed, not back")
    }

    @Test("t opens the picker: ↓ Enter chooses, Esc closes it and stays in the player")
    func picker() {
        var state = Self.playing()
        AppFixtures.send([.character("t")], to: &state)
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("● English 5.1 (eng, eac3)"))
        #expect(screen.rowText(23).contains("Enter play this track"))
        expectSnapshot(screen, named: "player-track-picker-80x24")
        AppFixtures.send([.down, .enter], to: &state)
        #expect(state.player?.trackPicker == nil)
        #expect(state.player?.currentAudio?.language == "fra")
        AppFixtures.send([.character("t"), .escape], to: &state)
        #expect(state.player?.trackPicker == nil)
        #expect(state.player != nil, "Esc closed the picker, not the player")
    }

    @Test("a track's title from the file is drawn as text: its escape sequences never reach the terminal")
    func hostileTrackTitle() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let title = Title(id: "m", title: "Media", year: 2024, genre: "Test", duration: 60, introStart: 0, introEnd: 0,
                          creditsStart: 60, media: TitleMedia(video: "/m.mkv"))
        AppReducer.openPlayer(title, in: &state)
        let hostile = MediaTrack(id: 1, kind: .audio, language: "eng", title: "\u{1B}[31mRed\u{7}\u{1B}]0;owned\u{7}",
                                 codec: "aac", isSelected: true)
        AppReducer.reduce(&state, .player(.mediaLoaded(MediaInfo(duration: 60, tracks: [hostile]))))
        AppFixtures.send([.character("t")], to: &state)
        let text = AppFixtures.render(state).text
        #expect(!text.contains("\u{1B}") && !text.contains("\u{7}"))
        #expect(text.contains("␛[31mRed"))
    }

    @Test("the choice is kept for the title and applied when it plays again; other titles play as they are")
    func keptPerTitle() {
        var state = Self.playing()
        AppFixtures.send([.character("#"), .character("v"), .character("}")], to: &state)
        let chosen = try! #require(state.player?.playback)
        AppFixtures.send([.character("q")], to: &state)
        #expect(state.player == nil, "q goes back to the list")
        #expect(!state.isQuitting)
        #expect(state.playbackChoiceWrites.changes(after: 0) == [state.list.selectedTitle!.id: chosen])
        AppFixtures.send([.enter], to: &state)
        #expect(state.player?.playback == chosen)
        AppFixtures.send([.escape, .down, .enter], to: &state)
        #expect(state.player?.playback.speed == 100)
        #expect(state.player?.keepsPlayback == false)
    }

    /// A watch store in memory that keeps playback choices too, as the library does.
    final class MemoryStore: WatchStore {
        let choices = Mutex<[String: PlaybackChoice]>([:])
        func allMarks() async throws -> [String: WatchMark] { [:] }
        func save(_ marks: [String: WatchMark]) async throws {}
        func mark(_ mark: GroupWatchMark) async throws {}
        func allPlaybackChoices() async throws -> [String: PlaybackChoice] { choices.withLock { $0 } }
        func save(playbackChoices: [String: PlaybackChoice]) async throws {
            choices.withLock { $0.merge(playbackChoices) { $1 } }
        }
    }

    @Test("the library keeps the choice: a fresh session plays the title with it")
    func keptByTheLibrary() async {
        let store = MemoryStore()
        let driver = await WatchStateTests.makeDriver(store: store)
        await driver.press(.enter, .character("#"), .character("]"))
        await driver.advance(by: .milliseconds(1))
        let chosen = PlaybackChoice(audioTrack: 2, subtitles: .off, speed: 110)
        #expect(store.choices.withLock { $0["t0"] } == chosen)

        let fresh = await WatchStateTests.makeDriver(store: store)
        #expect(fresh.state?.playbackChoices["t0"] == chosen)
        await fresh.press(.enter)
        #expect(fresh.state?.player?.playback == chosen)
        #expect(fresh.text.contains("Speed 1.1x"))
    }
}

/// A title whose file is gone: after the failed load the player offers only what works.
@Suite("A title that failed to load (headless)")
struct FailedLoadScreenTests {
    static func failed() -> AppState {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let title = Title(id: "gone", title: "Gone Film", year: 2024, genre: "Test", duration: 600, introStart: 0,
                          introEnd: 30, creditsStart: 560, media: TitleMedia(video: "no/such/file.mkv"))
        AppReducer.openPlayer(title, in: &state)
        AppReducer.reduce(&state, .player(.mediaFailed("cannot play no/such/file.mkv: loading failed")))
        return state
    }

    @Test("s shows no skip-intro prompt, and the footer offers neither Space nor seeking")
    func nothingButBack() {
        var state = Self.failed()
        AppFixtures.send([.character("s")], to: &state)
        let screen = AppFixtures.render(state)
        #expect(!screen.text.contains("Skip intro"), "\(screen.text)")
        let footer = screen.rowText(23)
        #expect(!footer.contains("Space") && !footer.contains("seek") && !footer.contains("skip"), "\(footer)")
        #expect(footer.contains("Esc, q back"))
        #expect(screen.text.contains("cannot play no/such/file.mkv"))
        let help = AppKeyTable.standard.screenSections(for: state).bindings().filter(\.isEnabled).map(\.label)
        #expect(!help.contains("Space") && !help.contains("t"), "\(help)")
        AppFixtures.send([.character("q")], to: &state)
        #expect(state.player == nil && !state.isQuitting)
    }
}
