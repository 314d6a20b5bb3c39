import Spin
import SpinTesting
import Testing

@Suite("Feedback forms")
struct FeedbackFormTests {
    struct Player: Equatable, Sendable {
        var position = 0
        var seekTarget: Int?
        var log: [String] = []
    }

    enum PlayerEvent: Equatable, Sendable {
        case seek(Int)
        case ticked
        case note(String)
    }

    static let reducer = Reducer<Player, PlayerEvent> { (player: inout Player, event: PlayerEvent) in
        switch event {
        case .seek(let target): player.seekTarget = target
        case .ticked: player.position += 1
        case .note(let text): player.log.append(text)
        }
    }

    @Test("filteredBy: runs the effect only for matching states")
    func filteredBy() async {
        let store = TestStore(initialState: Player()) {
            Feedback<Player, PlayerEvent>(
                effect: { (player: Player) async -> PlayerEvent? in .note("at \(player.position)") },
                filteredBy: { $0.position == 2 && $0.log.isEmpty }
            )
            Self.reducer
        }
        await store.send(.ticked) { $0.position = 1 }
        await store.send(.ticked) { $0.position = 2 }
        await store.receive(.note("at 2")) { $0.log = ["at 2"] }
        await store.send(.ticked) { $0.position = 3 }
        await store.finish()
    }

    @Test("filteredBy: and lensingOn: accept key paths")
    func keyPaths() async {
        struct HUD: Equatable, Sendable { var isVisible = false; var title = "" }
        let seen = Recorder<String>()
        let spin = Spin(initialState: HUD()) {
            Feedback<HUD, Bool>(effect: { (hud: HUD) -> AsyncStream<Bool> in
                seen.append("visible \(hud.title)")
                return AsyncStream { $0.finish() }
            }, filteredBy: \.isVisible)
            Feedback<HUD, Bool>(effect: { (title: String) -> AsyncStream<Bool> in
                seen.append("title \(title)")
                return AsyncStream { $0.finish() }
            }, lensingOn: \.title)
            Reducer<HUD, Bool> { (hud: inout HUD, visible: Bool) in
                hud.isVisible = visible
                hud.title = visible ? "shown" : hud.title
            }
        }
        spin.start()
        spin.emit(true)
        spin.emit(true)
        spin.stop()
        #expect(seen.values == ["title ", "visible shown", "title shown", "visible shown"])
    }

    @Test("lensingOn: re-runs the effect only when the sub-state changes")
    func lensingOn() async {
        let calls = Recorder<Int?>()
        let store = TestStore(initialState: Player()) {
            Feedback<Player, PlayerEvent>(
                effect: { (target: Int?) -> AsyncStream<PlayerEvent> in
                    calls.append(target)
                    return AsyncStream { $0.finish() }
                },
                lensingOn: \.seekTarget
            )
            Self.reducer
        }
        await store.send(.ticked) { $0.position = 1 }
        await store.send(.seek(5)) { $0.seekTarget = 5 }
        await store.send(.ticked) { $0.position = 2 }
        await store.send(.seek(5))
        await store.send(.seek(7)) { $0.seekTarget = 7 }
        #expect(calls.values == [nil, 5, 7])
        await store.finish()
    }

    @Test("dependencies are captured by a closure, no special form needed")
    func dependencies() async {
        struct Catalog: Sendable { let name: String }
        @Sendable func note(_ catalog: Catalog, _ player: Player) async -> PlayerEvent? {
            player.position == 1 && player.log.isEmpty ? .note(catalog.name) : nil
        }
        let catalog = Catalog(name: "one")
        let store = TestStore(initialState: Player()) {
            Feedback<Player, PlayerEvent>(effect: { await note(catalog, $0) })
            Self.reducer
        }
        await store.send(.ticked) { $0.position = 1 }
        await store.receive(.note("one")) { $0.log = ["one"] }
        await store.finish()
    }

    @Test("an observer's emitter queues events from the render")
    func observerEmitter() async {
        let spin = Spin(initialState: Player()) {
            Feedback<Player, PlayerEvent>(observe: { player, emit in
                if player.position < 3 { emit(.ticked) }
            })
            Self.reducer
        }
        spin.start()
        #expect(await spin.currentState()?.position == 3)
    }
}
