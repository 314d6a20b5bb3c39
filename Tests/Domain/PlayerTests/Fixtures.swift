import Catalog
import Clocks
import Spin
import SpinTesting
import Synchronization
import Testing
@testable import Player

extension Title {
    /// Two minutes: the intro runs 10 ..< 40, the credits from 100.
    static let film = Title(id: "film", title: "Film", year: 2020, genre: "Drama",
                            duration: 120, introStart: 10, introEnd: 40, creditsStart: 100)
    /// What up next offers after `film`.
    static let sequel = Title(id: "sequel", title: "Sequel", year: 2021, genre: "Drama",
                              duration: 120, introStart: 10, introEnd: 40, creditsStart: 100)
    /// One minute: the intro runs 2 ..< 30, the credits from 50.
    static let short = Title(id: "short", title: "Short", year: 2022, genre: "Comedy",
                             duration: 60, introStart: 2, introEnd: 30, creditsStart: 50)
    /// Opens on its intro (0 ..< 30).
    static let coldOpen = Title(id: "cold", title: "Cold Open", year: 2019, genre: "Crime",
                                duration: 120, introStart: 0, introEnd: 30, creditsStart: 100)
    /// No intro, no credits.
    static let plain = Title(id: "plain", title: "Plain", year: 2018, genre: "Documentary",
                             duration: 120, introStart: 0, introEnd: 0, creditsStart: 120)
}

extension PlayerState {
    /// Reduces each event, and checks the player's invariants after each.
    mutating func send(_ events: PlayerEvent..., sourceLocation: SourceLocation = #_sourceLocation) {
        for event in events {
            PlayerState.reduce(&self, event)
            let broken = brokenInvariants
            #expect(broken.isEmpty, "after \(event): \(broken.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
    }

    /// Sends a countdown's ticks from its current number down to `secondsLeft`.
    mutating func tick(_ prompt: CountdownPrompt, downTo secondsLeft: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        while let current = self[prompt].secondsLeft, current > secondsLeft {
            send(.countdownTicked(prompt, secondsLeft: current - 1), sourceLocation: sourceLocation)
        }
    }
}

/// A simulated engine that also writes down every call the player's feedbacks make.
final class RecordingEngine: PlayerEngine {
    enum Call: Equatable, Sendable {
        case play, pause, seek(Int)
    }

    private let simulated: SimulatedEngine
    private let log = Mutex<[Call]>([])

    init(seekLatency: Duration = .milliseconds(300)) {
        simulated = SimulatedEngine(seekLatency: seekLatency)
    }

    var calls: [Call] { log.withLock { $0 } }

    func play() { log.withLock { $0.append(.play) } }

    func pause() { log.withLock { $0.append(.pause) } }

    func seek(to position: Int) async {
        log.withLock { $0.append(.seek(position)) }
        await simulated.seek(to: position)
    }

    func positions(of title: Title, from position: Int) -> SimulatedPositions {
        simulated.positions(of: title, from: position)
    }

    func positions(of title: Title, from position: Int, speed: Int) -> SimulatedPositions {
        simulated.positions(of: title, from: position, speed: speed)
    }
}

/// The states a spin actually went through, each with the test-clock time it appeared at.
///
/// A test store checks events when the test asks for them; a timeline says what the spin's
/// state *is* right now, so a test can prove that nothing happened yet at 2.999 s.
final class Timeline<State: Sendable>: Sendable {
    private let clock: VirtualClock
    private let origin: VirtualClock.Instant
    private let entries = Mutex<[(at: Duration, state: State)]>([])

    init(clock: VirtualClock) {
        self.clock = clock
        self.origin = clock.now
    }

    /// An observer that records the state at the end of each batch of events.
    func feedback<Event: Sendable>() -> Feedback<State, Event> {
        Feedback(observe: { [self] state in
            let at = origin.duration(to: clock.now)
            entries.withLock { $0.append((at, state)) }
        })
    }

    var current: State? { entries.withLock { $0.last?.state } }

    var times: [Duration] { entries.withLock { $0.map(\.at) } }

    /// When a state first matched `predicate`.
    func firstTime(where predicate: (State) -> Bool) -> Duration? {
        entries.withLock { entries in entries.first { predicate($0.state) }?.at }
    }
}

/// A test store running a player alone with some of its feedbacks, a recording engine and a
/// timeline.
struct PlayerHarness {
    typealias Feedbacks = PlayerFeedbacks<PlayerState, PlayerEvent>

    let clock = VirtualClock()
    let engine: RecordingEngine
    let timeline: Timeline<PlayerState>
    let store: TestStore<PlayerState, PlayerEvent>

    init(
        _ initialState: PlayerState,
        seekLatency: Duration = .milliseconds(300),
        running selected: [KeyPath<Feedbacks, Feedback<PlayerState, PlayerEvent>>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let engine = RecordingEngine(seekLatency: seekLatency)
        let timeline = Timeline<PlayerState>(clock: clock)
        let feedbacks = Feedbacks(engine: engine)
        self.engine = engine
        self.timeline = timeline
        self.store = TestStore(initialState: initialState, clock: clock, sourceLocation: sourceLocation) {
            timeline.feedback()
            for path in selected { feedbacks[keyPath: path] }
            PlayerState.reducer
        }
    }

    /// The state the spin is in now (not only as of the last checked event).
    var current: PlayerState? { timeline.current }
}

/// The shape of an app that embeds the player: a list of titles, and a player while one is
/// open. Its reducer does what the app's must do with a player's `exit`.
struct Shelf: Equatable, Sendable {
    var titles: [Title]
    var player: PlayerState?
    var isQuitting = false

    func title(after title: Title) -> Title? {
        guard let index = titles.firstIndex(of: title), index + 1 < titles.count else { return nil }
        return titles[index + 1]
    }

    mutating func open(_ title: Title, at position: Int = 0) {
        player = PlayerState(title: title, nextTitle: self.title(after: title), position: position)
    }
}

enum ShelfEvent: Equatable, Sendable {
    case opened(Title, at: Int)
    case player(PlayerEvent)
}

extension Shelf {
    static func reduce(_ shelf: inout Shelf, _ event: ShelfEvent) {
        switch event {
        case .opened(let title, let position):
            shelf.open(title, at: position)
        case .player(let event):
            // An event for a player that has been closed meanwhile has nobody to go to.
            guard var player = shelf.player else { return }
            PlayerState.reduce(&player, event)
            switch player.exit {
            case nil: shelf.player = player
            case .backToList: shelf.player = nil
            case .quit: shelf.player = nil; shelf.isQuitting = true
            case .playNext(let next): shelf.open(next)
            }
        }
    }

    static let reducer = Reducer<Shelf, ShelfEvent> { (shelf: inout Shelf, event: ShelfEvent) in reduce(&shelf, event) }
}
