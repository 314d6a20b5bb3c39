import Catalog
import Clocks
import Spin
import SpinTesting
import Testing
@testable import Player

/// The player inside a host's state, as the app holds it: `PlayerState?`, nil when the list
/// shows. The host's reducer closes the player on its `exit`.
@Suite("Up next and closing, with the player embedded in a host")
struct EmbeddedPlayerTests {
    static let titles: [Title] = [.film, .sequel, .short]

    static func makeStore(
        _ shelf: Shelf, engine: RecordingEngine = RecordingEngine()
    ) -> TestStore<Shelf, ShelfEvent> {
        let player = PlayerFeedbacks(engine: engine, player: \Shelf.player, event: ShelfEvent.player)
        return TestStore(initialState: shelf) {
            player.countdowns
            player.seeking
            Shelf.reducer
        }
    }

    static func shelf(playing title: Title, at position: Int) -> Shelf {
        var shelf = Shelf(titles: titles)
        shelf.open(title, at: position)
        return shelf
    }

    @Test("at the credits, \"Up next: Sequel (10)\" counts down and plays the next title at zero")
    func playsAtZero() async {
        let store = Self.makeStore(Self.shelf(playing: .film, at: 100))
        #expect(store.state.player?.upNext.phase == .counting(secondsLeft: 10))
        #expect(store.state.player?.nextTitle == .sequel)
        await store.advance(by: .seconds(9))
        for secondsLeft in (1...9).reversed() {
            await store.receive(.player(.countdownTicked(.upNext, secondsLeft: secondsLeft))) {
                $0.player?.upNext.phase = .counting(secondsLeft: secondsLeft)
            }
        }
        await store.advance(by: .seconds(1))
        await store.receive(.player(.countdownTicked(.upNext, secondsLeft: 0))) {
            $0.player = PlayerState(title: .sequel, nextTitle: .short)
        }
        await store.advance(by: .seconds(30))
        await store.finish()
    }

    @Test("Enter plays the next title at once, and its countdown never ticks again")
    func enterPlays() async {
        let store = Self.makeStore(Self.shelf(playing: .film, at: 100))
        await store.advance(by: .seconds(2))
        await store.receive(.player(.countdownTicked(.upNext, secondsLeft: 9))) {
            $0.player?.upNext.phase = .counting(secondsLeft: 9)
        }
        await store.receive(.player(.countdownTicked(.upNext, secondsLeft: 8))) {
            $0.player?.upNext.phase = .counting(secondsLeft: 8)
        }
        await store.advance(by: .milliseconds(500))
        await store.send(.player(.upNextAccepted)) {
            $0.player = PlayerState(title: .sequel, nextTitle: .short)
        }
        await store.advance(by: .seconds(30))
        await store.finish()
    }

    @Test("x dismisses up next: the title plays on to its end and nothing else opens")
    func dismissed() async {
        let store = Self.makeStore(Self.shelf(playing: .film, at: 110))
        await store.advance(by: .seconds(1))
        await store.receive(.player(.countdownTicked(.upNext, secondsLeft: 9))) {
            $0.player?.upNext.phase = .counting(secondsLeft: 9)
        }
        await store.send(.player(.promptDismissed)) {
            $0.player?.interactionCount = 1
            $0.player?.upNext.phase = .dismissed
        }
        await store.advance(by: .seconds(30))
        #expect(store.state.player?.title == .film)
        await store.finish()
    }

    @Test("the last title of the list offers no up next")
    func lastTitle() async {
        let store = Self.makeStore(Self.shelf(playing: .short, at: 50))
        #expect(store.state.player?.nextTitle == nil)
        #expect(store.state.player?.isUpNextShown == false)
        await store.advance(by: .seconds(30))
        await store.finish()
    }

    @Test("no seek after the user goes back to the list: the closed player's countdown is cancelled")
    func backCancelsCountdown() async {
        let engine = RecordingEngine()
        let store = Self.makeStore(Self.shelf(playing: .film, at: 10), engine: engine)
        await store.advance(by: .seconds(9))
        for secondsLeft in (1...9).reversed() {
            await store.receive(.player(.countdownTicked(.skipIntro, secondsLeft: secondsLeft))) {
                $0.player?.skipIntro.phase = .counting(secondsLeft: secondsLeft)
            }
        }
        await store.advance(by: .milliseconds(999))
        await store.send(.player(.backRequested)) { $0.player = nil }
        await store.advance(by: .seconds(10))
        #expect(engine.calls == [])
        await store.finish()
    }

    @Test("a skip in flight when the user goes back never lands, even after the same title reopens")
    func backDropsSeek() async {
        let engine = RecordingEngine()
        let store = Self.makeStore(Self.shelf(playing: .film, at: 10), engine: engine)
        await store.send(.player(.skipIntroRequested)) {
            $0.player?.interactionCount = 1
            $0.player?.skipIntro.phase = .acting
            $0.player?.pendingSeek = PendingSeek(target: 40, purpose: .skipIntro)
        }
        await store.advance(by: .milliseconds(100))
        await store.send(.player(.backRequested)) { $0.player = nil }
        await store.send(.opened(.film, at: 20)) { $0.open(.film, at: 20) }
        await store.advance(by: .seconds(1))
        await store.receive(.player(.countdownTicked(.skipIntro, secondsLeft: 9))) {
            $0.player?.skipIntro.phase = .counting(secondsLeft: 9)
        }
        #expect(engine.calls == [.seek(40)])
        #expect(store.state.player?.position == 20)
        await store.send(.player(.quitRequested)) {
            $0.player = nil
            $0.isQuitting = true
        }
        await store.finish()
    }
}
