import Browser
import Terminal
import Testing
@testable import SpindleApp

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
        (.escape, .list(.backRequested)), (.character("?"), .helpToggled),
        (.character("q"), .quitRequested), (.control("c"), .quitRequested),
        (.resize(Size(rows: 30, columns: 100)), .resized(Size(rows: 30, columns: 100))),
    ])
    func listKeys(key: Key, event: AppEvent) {
        #expect(KeyMap.event(for: key, in: list) == event)
    }

    @Test("r retries only after a failure")
    func retry() {
        #expect(KeyMap.event(for: .character("r"), in: list) == nil)
    }

    @Test("while typing a query, letters are text, not commands")
    func typing() {
        var state = list
        AppFixtures.send([.character("/")], to: &state)
        #expect(KeyMap.event(for: .character("q"), in: state) == .list(.searchEdited(.typed("q"))))
        #expect(KeyMap.event(for: .character("j"), in: state) == .list(.searchEdited(.typed("j"))))
        #expect(KeyMap.event(for: .backspace, in: state) == .list(.searchEdited(.deletedBackward)))
        #expect(KeyMap.event(for: .control("u"), in: state) == .list(.searchEdited(.cleared)))
        #expect(KeyMap.event(for: .enter, in: state) == .list(.searchApplied))
        #expect(KeyMap.event(for: .escape, in: state) == .list(.searchCancelled))
        #expect(KeyMap.event(for: .control("c"), in: state) == .quitRequested)
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
