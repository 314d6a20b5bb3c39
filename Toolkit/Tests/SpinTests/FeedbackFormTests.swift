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

    @Test("dependencies are captured by a closure, no special form needed")
    func dependencies() async {
        struct Catalog: Sendable { let name: String }
        @Sendable func note(_ catalog: Catalog, _ player: Player) async -> PlayerEvent? {
            player.position == 1 && player.log.isEmpty ? .note(catalog.name) : nil
        }
        let catalog = Catalog(name: "one")
        let store = TestStore(initialState: Player()) {
            Feedback<Player, PlayerEvent>.react(query: { $0.position == 1 ? $0 : nil }) { await note(catalog, $0) }
            Self.reducer
        }
        await store.send(.ticked) { $0.position = 1 }
        await store.receive(.note("one")) { $0.log = ["one"] }
        await store.finish()
    }
}
