import Browser
import Catalog
import Player
import Terminal
import TerminalTesting
import Testing
@testable import AppCore

@Suite("Player screens (headless snapshots)")
struct PlayerScreenTests {
    /// The third title of the catalog opened, played into its intro, with the skip-intro
    /// countdown at 7.
    static func inIntro(size: Size) -> AppState {
        var state = AppFixtures.state(size: size)
        AppFixtures.send([.down, .down, .enter], to: &state)
        let title = state.player!.title
        AppReducer.reduce(&state, .player(.positionAdvanced(to: title.introStart + 3)))
        for left in [9, 8, 7] { AppReducer.reduce(&state, .player(.countdownTicked(.skipIntro, secondsLeft: left))) }
        return state
    }

    @Test("the HUD at 80x24: title, play state, progress with marks, times, skip-intro prompt")
    func hud80x24() {
        let state = Self.inIntro(size: Size(rows: 24, columns: 80))
        #expect(state.player?.isHUDVisible == true)
        #expect(state.player?.isSkipIntroShown == true)
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("Skip intro (7)"))
        #expect(screen.text.contains("▶ Playing"))
        expectSnapshot(screen, named: "player-hud-80x24")
    }

    @Test("the HUD at 40x12")
    func hud40x12() {
        expectSnapshot(AppFixtures.render(Self.inIntro(size: Size(rows: 12, columns: 40))), named: "player-hud-40x12")
    }

    @Test("with the HUD hidden only the picture (title card and time) and the prompt show")
    func hidden() {
        var state = Self.inIntro(size: Size(rows: 24, columns: 80))
        AppReducer.reduce(&state, .player(.hudToggled))
        #expect(state.player?.isHUDVisible == false)
        let screen = AppFixtures.render(state)
        #expect(!screen.text.contains("Playing"))
        expectSnapshot(screen, named: "player-hidden-80x24")
    }

    @Test("paused, with a seek in flight, the HUD says where it is going")
    func pausedSeeking() {
        var state = Self.inIntro(size: Size(rows: 24, columns: 80))
        AppFixtures.send([.character(" "), .up], to: &state)
        let screen = AppFixtures.render(state)
        #expect(screen.text.contains("Seeking to"))
        expectSnapshot(screen, named: "player-seeking-80x24")
    }

    @Test("the progress bar marks the intro and the credits")
    func marks() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let title = Title(id: "m", title: "Marks", year: 2000, genre: "Drama", duration: 780,
                          introStart: 60, introEnd: 180, creditsStart: 700)
        state.player = PlayerState(title: title, nextTitle: nil, position: 390)
        let bar = AppFixtures.render(state).rowText(21)
        #expect(bar.contains("═"))
        #expect(bar.contains("●"))
        #expect(bar.contains("┃"))
        #expect(bar.firstIndex(of: "═")! < bar.firstIndex(of: "●")!)
        #expect(bar.firstIndex(of: "●")! < bar.firstIndex(of: "┃")!)
    }

    @Test("a title without an intro draws no intro mark and offers no skip; a long title ends with …")
    func noIntro() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let title = Title(id: "n", title: String(repeating: "A very long title ", count: 6), year: 2000, genre: "Drama",
                          duration: 780, introStart: 0, introEnd: 0, creditsStart: 780)
        state.player = PlayerState(title: title, nextTitle: nil, position: 0)
        let screen = AppFixtures.render(state)
        #expect(!screen.rowText(21).contains("═"))
        #expect(!screen.rowText(21).contains("┃"))
        #expect(!screen.rowText(23).contains("skip"))
        #expect(screen.rowText(0).contains("… "))
        #expect(screen.rowText(0).hasSuffix("▶ Playing  vol 100"))
        #expect(KeyMap.event(for: .character("s"), in: state) == .player(.interacted))
    }

    @Test("lengths under a minute read in seconds")
    func shortDurations() {
        #expect(Formatting.duration(45) == "45s")
        #expect(Formatting.duration(60) == "1m")
        #expect(Formatting.duration(3 * 3600 + 5 * 60) == "3h 05m")
    }
}
