import Catalog
import Player
import Terminal
import Testing
@testable import AppCore

/// The app's screens on a screen that keeps its rows between frames: a key draws only the rows
/// it changed, and the screen shows exactly what a frame drawn from nothing shows.
@Suite("The app draws only what changed")
struct RetainedFrameTests {
    /// Draws `state` on `screen` (which keeps what it drew before) and checks it against a fresh
    /// screen; returns what the frame cost.
    func draw(_ state: AppState, on screen: HeadlessScreen) -> FrameStatistics {
        screen.frame { AppView.render(state, on: $0, tick: 0) }
        #expect(screen.styledText == AppFixtures.render(state).styledText)
        return screen.lastFrame
    }

    @Test("a Down key within the page puts two list rows and the footer; the rest is kept")
    func downWithinPage() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let screen = HeadlessScreen(size: state.size)
        #expect(draw(state, on: screen).rowsDrawn == 24)
        AppFixtures.send([.down], to: &state)
        let frame = draw(state, on: screen)
        #expect(frame.rowsDrawn == 3)
        #expect(frame.rowsKept == 21)
        #expect(frame.rowsCleared == 0)
    }

    @Test("a Down key that scrolls moves the rows up and puts only the two it changed and the footer")
    func downScrolling() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80), pageSize: 500)
        let screen = HeadlessScreen(size: state.size)
        AppFixtures.send(Array(repeating: .down, count: 20), to: &state)
        _ = draw(state, on: screen)
        for _ in 0..<40 {
            let offset = state.list.scrollOffset
            AppFixtures.send([.down], to: &state)
            #expect(state.list.scrollOffset == offset + 1)
            let frame = draw(state, on: screen)
            #expect(frame.rowsDrawn == 3)
            #expect(frame.rowsShifted == 20)
        }
    }

    @Test("Up, PageDown, End, a search and the help in turn: every frame is what a fresh one shows")
    func mixedKeys() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80), pages: 3)
        let screen = HeadlessScreen(size: state.size)
        let keys: [Key] = [.pageDown, .up, .up, .pageDown, .end, .home, .character("?"), .escape, .down, .character("/"),
                           .character("a"), .backspace, .escape, .pageDown, .pageUp]
        _ = draw(state, on: screen)
        for key in keys {
            AppFixtures.send([key], to: &state)
            _ = draw(state, on: screen)
        }
    }

    @Test("a second of play redraws the clock's rows, not the player screen")
    func playerSecond() {
        var state = AppFixtures.state(size: Size(rows: 24, columns: 80))
        let title = Title(id: "m", title: "Marks", year: 2000, genre: "Drama", duration: 780,
                          introStart: 60, introEnd: 180, creditsStart: 700)
        state.player = PlayerState(title: title, nextTitle: nil, position: 390)
        let screen = HeadlessScreen(size: state.size)
        _ = draw(state, on: screen)
        AppReducer.reduce(&state, .player(.positionAdvanced(to: 391)))
        let frame = draw(state, on: screen)
        // The picture's clock, the HUD's clock, and the progress bar only if its knob moved a cell.
        #expect(frame.rowsDrawn <= 3)
        #expect(frame.rowsDrawn >= 1)
    }
}
