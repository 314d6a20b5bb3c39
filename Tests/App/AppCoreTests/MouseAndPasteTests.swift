import Browser
import Catalog
import Player
import Terminal
import Testing
@testable import AppCore

@Suite("The mouse and pastes in the app")
struct MouseAndPasteTests {
    static let size = Size(rows: 24, columns: 80)

    static func mouse(_ action: MouseEvent.Action, row: Int, column: Int = 10, clicks: Int = 1) -> InputEvent {
        .mouse(MouseEvent(action: action, position: Position(row: row, column: column), clickCount: clicks))
    }

    @Test("the wheel moves the selection three rows a notch, and scrolls with it")
    func wheel() {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send(Array(repeating: Self.mouse(.wheelDown, row: 5), count: 9), to: &state)
        #expect(state.list.selection == 27)
        #expect(state.list.scrollOffset == 27 - Layout.listRows(for: Self.size) + 1)
        AppFixtures.send([Self.mouse(.wheelUp, row: 5)], to: &state)
        #expect(state.list.selection == 24)
    }

    @Test("a click selects the row under it (as drawn), a click below the rows or on the header does nothing")
    func click() {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send(Array(repeating: .down, count: 30), to: &state)
        let screen = AppFixtures.render(state)
        AppFixtures.send([Self.mouse(.press(.left), row: 7), Self.mouse(.release(.left), row: 7)], to: &state)
        let selected = state.list.selectedTitle!
        #expect(screen.rowText(7).contains(String(selected.title.prefix(20))))
        #expect(state.list.selection == state.list.scrollOffset + 5)
        for row in [0, 1, 23] {
            #expect(KeyMap.event(for: Self.mouse(.press(.left), row: row), in: state) == nil, "row \(row)")
        }
    }

    @Test("a double click plays the row; a double click elsewhere only selects")
    func doubleClick() {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([Self.mouse(.press(.left), row: 4), Self.mouse(.press(.left), row: 4, clicks: 2)], to: &state)
        #expect(state.player?.title == state.list.items[2])
        var other = AppFixtures.state(size: Self.size)
        AppFixtures.send([Self.mouse(.press(.left), row: 6, clicks: 2)], to: &other)
        #expect(other.player == nil && other.list.selection == 4)
    }

    @Test("a click on the player's progress bar seeks to the second under it; elsewhere it shows the HUD")
    func progressBarClick() throws {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([.enter], to: &state)
        let duration = try #require(state.player?.title.duration)
        let bar = Layout.progressBar(for: Self.size)
        let column = bar.column + bar.columns / 2
        AppFixtures.send([Self.mouse(.press(.left), row: bar.row, column: column)], to: &state)
        let target = try #require(state.player?.pendingSeek?.target)
        #expect(abs(target - duration / 2) <= duration / bar.columns)
        // The knob is drawn on the cell that was clicked.
        let row = AppFixtures.render(state).rowText(bar.row)
        #expect(Array(row)[column] == "●")
        #expect(KeyMap.event(for: Self.mouse(.press(.left), row: 5), in: state) == .player(.interacted))
        #expect(KeyMap.event(for: Self.mouse(.wheelUp, row: 5), in: state) == .player(.seekRequested(by: 10)))
    }

    @Test("the pointer over the bar previews the second under it and keeps the HUD; off the bar the preview goes; motion is tracked only while the HUD shows")
    func pointerOverTheBar() throws {
        var state = AppFixtures.state(size: Self.size)
        #expect(!state.tracksMouseMotion, "the list needs no motion")
        AppFixtures.send([.enter], to: &state)
        #expect(state.player?.media == .ready)
        #expect(state.tracksMouseMotion)
        let duration = try #require(state.player?.title.duration)
        let bar = Layout.progressBar(for: Self.size)
        let column = bar.column + bar.columns / 4
        AppFixtures.send([Self.mouse(.moved, row: bar.row, column: column)], to: &state)
        let preview = try #require(state.player?.seekPreview)
        #expect(preview.isHover && abs(preview.target - duration / 4) <= duration / bar.columns)
        #expect(state.player?.pendingSeek == nil, "a hover seeks nowhere")
        #expect(state.player?.hudHideRequest == nil && state.player?.seekPreviewHideRequest == nil,
                "the HUD and the preview stay while the pointer rests there")
        // The time under the pointer shows over the bar.
        let screen = AppFixtures.render(state)
        #expect(screen.rowText(bar.row - 1).contains(Formatting.clock(preview.target)), "\(screen.rowText(bar.row - 1))")
        // The same cell again is no event; the next cell is another second.
        #expect(KeyMap.event(for: Self.mouse(.moved, row: bar.row, column: column), in: state) == nil)
        AppFixtures.send([Self.mouse(.moved, row: bar.row, column: column + 8)], to: &state)
        #expect((state.player?.seekPreview?.target ?? 0) > preview.target)
        // Off the bar: the preview goes, the HUD's wait starts again.
        AppFixtures.send([Self.mouse(.moved, row: 3, column: column)], to: &state)
        #expect(state.player?.seekPreview == nil && state.player?.hudHideRequest != nil)
        #expect(KeyMap.event(for: Self.mouse(.moved, row: 3, column: column), in: state) == nil, "off the bar, nothing to take away")
        // A seek key's preview is not taken away by the pointer leaving.
        AppFixtures.send([.right], to: &state)
        AppFixtures.send([Self.mouse(.moved, row: 2, column: 2)], to: &state)
        #expect(state.player?.seekPreview?.isHover == false)
        // The HUD hidden (Tab), no motion is asked for.
        AppFixtures.send([.tab], to: &state)
        #expect(state.player?.isHUDVisible == false && !state.tracksMouseMotion)
    }

    @Test("the wheel scrolls the help")
    func helpWheel() {
        var state = AppFixtures.state(size: Size(rows: 8, columns: 40))
        AppFixtures.send([.key(.character("?")), Self.mouse(.wheelDown, row: 3)], to: &state)
        #expect(state.helpOffset > 0)
    }

    @Test("a paste into the query line is text: kyoto⏎q searches for \"kyoto q\" and quits nothing")
    func pasteInSearch() {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([.key(.character("/")), .paste("kyoto\nq")], to: &state)
        #expect(state.searchInput.text == "kyoto q")
        #expect(state.list.query == "kyoto q")
        #expect(state.list.isSearchOpen && !state.isQuitting)
    }

    @Test("a paste on the list opens the query line with it; in the player, the details and the help it does nothing")
    func pasteElsewhere() {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([.paste("q\nq")], to: &state)
        #expect(state.list.isSearchOpen && state.searchInput.text == "q q" && !state.isQuitting)

        var player = AppFixtures.state(size: Self.size)
        AppFixtures.send([.enter], to: &player)
        #expect(KeyMap.event(for: .paste("q"), in: player) == nil)
        var detail = AppFixtures.state(size: Self.size)
        AppFixtures.send([.character("i")], to: &detail)
        #expect(KeyMap.event(for: .paste("q"), in: detail) == nil)
        var help = AppFixtures.state(size: Self.size)
        AppFixtures.send([.character("?")], to: &help)
        #expect(KeyMap.event(for: .paste("q"), in: help) == nil)
    }

    @Test("a paste longer than the query line takes is cut to 200 characters")
    func longPaste() {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([.paste(String(repeating: "lorem ", count: 10_000))], to: &state)
        #expect(state.searchInput.text.count == AppState.maximumQueryLength)
        #expect(state.list.query.count <= AppState.maximumQueryLength)
    }

    @Test("Esc then q on the search line: the view's key map reads q with the state the Esc left, and quits")
    func keysReadWhenReduced() {
        var state = AppFixtures.state(size: Self.size)
        AppFixtures.send([.character("/"), .character("k")], to: &state)
        #expect(state.list.isSearchOpen)
        // The toolkit runs the key map when each key's turn comes, however many keys arrive in
        // one burst (SpindleUI's KeyMapTimingTests): each key sees the state it is reduced on.
        for key in [Key.escape, .character("q")] {
            if let event = SpindleApp.view().keyMap(.key(key), state) { AppReducer.reduce(&state, event) }
        }
        #expect(!state.list.isSearchOpen)
        #expect(state.isQuitting, "q was typed into a search line that the Esc before it had closed")
    }
}
