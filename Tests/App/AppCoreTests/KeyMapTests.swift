import Browser
import Terminal
import Testing
@testable import AppCore

@Suite("Key map")
struct KeyMapTests {
    let list = AppFixtures.state(size: Size(rows: 24, columns: 80))

    @Test("list keys", arguments: [
        (Key.down, AppEvent.list(.selectionMoved(.down))), (.character("j"), .list(.selectionMoved(.down))),
        (.up, .list(.selectionMoved(.up))), (.character("k"), .list(.selectionMoved(.up))),
        (.pageDown, .list(.selectionMoved(.pageDown))), (.control("f"), .list(.selectionMoved(.pageDown))),
        (.pageUp, .list(.selectionMoved(.pageUp))), (.control("b"), .list(.selectionMoved(.pageUp))),
        (.home, .list(.selectionMoved(.home))), (.character("g"), .list(.selectionMoved(.home))),
        (.end, .list(.selectionMoved(.end))), (.character("G"), .list(.selectionMoved(.end))),
        (.character("/"), .list(.searchOpened)), (.enter, .playerOpened), (.character("i"), .list(.detailOpened)),
        (.character("?"), .helpToggled),
        (.character("q"), .quitRequested), (.control("c"), .quitRequested),
    ])
    func listKeys(key: Key, event: AppEvent) {
        #expect(KeyMap.event(for: key, in: list) == event)
    }

    @Test("a resize lays the screen out again")
    func resizeInput() {
        let size = Size(rows: 30, columns: 100)
        #expect(KeyMap.event(for: .resize(size), in: list) == .resized(size))
    }

    @Test("r retries only after a failure; Enter and i need a selected title")
    func enabledFromState() {
        #expect(KeyMap.event(for: .character("r"), in: list) == nil)
        var failed = list
        AppFixtures.send(Array(repeating: .down, count: 45), to: &failed)
        AppReducer.reduce(&failed, .list(.pageFailed("down", for: failed.list.pageToLoad!)))
        #expect(KeyMap.event(for: .character("r"), in: failed) == .list(.retryRequested))
        let empty = AppState(size: Size(rows: 24, columns: 80))
        #expect(KeyMap.event(for: .enter, in: empty) == nil)
        #expect(KeyMap.event(for: .character("i"), in: empty) == nil)
        #expect(KeyMap.event(for: .escape, in: list) == nil, "Esc clears a search; there is none")
        var searched = list
        AppFixtures.send([.character("/"), .character("a"), .enter], to: &searched)
        #expect(KeyMap.event(for: .escape, in: searched) == .list(.backRequested))
    }

    @Test("while typing a query, letters are text, not commands; editing keys edit the line")
    func typing() {
        var state = list
        AppFixtures.send([.character("/")], to: &state)
        #expect(KeyMap.event(for: .character("q"), in: state) == .searchKeyPressed(.key(.character("q"))))
        #expect(KeyMap.event(for: .character("j"), in: state) == .searchKeyPressed(.key(.character("j"))))
        #expect(KeyMap.event(for: .backspace, in: state) == .searchKeyPressed(.key(.backspace)))
        #expect(KeyMap.event(for: .control("w"), in: state) == .searchKeyPressed(.key(.control("w"))))
        #expect(KeyMap.event(for: .enter, in: state) == .list(.searchApplied))
        #expect(KeyMap.event(for: .escape, in: state) == .list(.searchCancelled))
        #expect(KeyMap.event(for: .control("c"), in: state) == .quitRequested)
    }

    @Test("the query line edits like a shell: cursor moves, word deletes, wide characters")
    func lineEditing() {
        var state = list
        AppFixtures.send([.character("/")], to: &state)
        AppFixtures.type("blade runner", to: &state)
        AppFixtures.send([.alt(.backspace)], to: &state)
        #expect(state.list.query == "blade")
        AppFixtures.send([.control("a"), .character("東"), .control("e"), .character("x")], to: &state)
        #expect(state.searchInput.text == "東blade x")
        #expect(state.list.query == "東blade x")
        AppFixtures.send([.alt(.character("b")), .control("k")], to: &state)
        #expect(state.list.query == "東blade")
        AppFixtures.send([.control("w")], to: &state)
        #expect(state.list.query == "")
        #expect(state.list.isSearchOpen)
    }

    @Test("a resize lays the list out again: its rows follow the screen")
    func resize() {
        var state = list
        #expect(state.list.viewportRows == 21)
        AppReducer.reduce(&state, .resized(Size(rows: 12, columns: 40)))
        #expect(state.list.viewportRows == 9)
        #expect(state.size == Size(rows: 12, columns: 40))
    }
}
