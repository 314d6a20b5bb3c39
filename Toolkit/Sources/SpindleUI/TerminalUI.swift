import Spin
import Synchronization
import Terminal
#if canImport(Glibc)
import Glibc
#endif

/// Binds a spin to a screen: renders its states and turns key presses into its events (the
/// view's key map runs at reduce time, against the state each key is reduced on).
///
///     let ui = TerminalUI(screen: screen, view: browserView)
///     let spin = Spin(initialState: state) { ui.feedback; loadPages; Reducer(reduce) }
///     ui.run(spin, until: \.isQuitting)
///
/// The screen belongs to the thread that calls `run`. The UI's feedback only stores the state
/// (and wakes that thread when the state came from an effect elsewhere); the thread draws the
/// latest state once per batch of events and never draws a state equal to the last one drawn.
/// With nothing animating and no key pressed it sleeps in `poll` and does not wake up.
public final class TerminalUI<State: Sendable & Equatable, Event: Sendable> {
    public let screen: any Screen
    public let view: TerminalView<State, Event>
    let latest = LatestState<State>()
    private var drawn: (state: State, size: Size, tick: Int)?
    private var tick = 0
    private let owner = OwnerThread()
    /// Frames drawn (for tests and benchmarks).
    public private(set) var framesDrawn = 0

    public init(screen: any Screen, view: TerminalView<State, Event>) {
        self.screen = screen
        self.view = view
    }

    /// The feedback to put in the spin.
    public var feedback: Feedback<State, Event> {
        let latest = self.latest
        let waker = screen.waker
        let owner = self.owner
        return Feedback(observe: { state in
            latest.store(state)
            if !owner.isCurrent { waker.wake() }
        })
    }

    /// Runs the UI on this thread until `isFinished` holds for the latest state.
    public func run(_ spin: Spin<State, Event>, until isFinished: (State) -> Bool) {
        owner.claim()
        defer { owner.release() }
        spin.start()
        send(.resize(screen.size), to: spin)
        while true {
            guard let state = latest.load().state else { return }
            renderIfChanged(state)
            if isFinished(state) { return }
            let timeout = view.isAnimating(state) ? view.animationInterval : nil
            let events = screen.nextEvents(timeout: timeout)
            if events.contains(.closed) { return }
            if events.isEmpty, timeout != nil { tick &+= 1 }
            handle(events, spin: spin)
        }
    }

    /// Turns screen events into spin events (a wake-up needs no event: the state is new).
    package func handle(_ events: [ScreenEvent], spin: Spin<State, Event>) {
        for event in events {
            if case .input(let input) = event { send(input, to: spin) }
        }
    }

    /// Queues the input; the view's key map reads it when its turn comes, against the state the
    /// reducer holds then (not the state last drawn): keys in a burst each see the state the
    /// ones before them left, however far behind the screen is.
    private func send(_ input: InputEvent, to spin: Spin<State, Event>) {
        let keyMap = view.keyMap
        spin.emit(decidedBy: { state in keyMap(input, state) })
    }

    /// Draws `state` unless the screen already shows exactly it, and tracks mouse motion while
    /// the state asks for it (the screen writes only when that changes).
    package func renderIfChanged(_ state: State) {
        let size = screen.size
        let animating = view.isAnimating(state)
        if let drawn, drawn.state == state, drawn.size == size, !animating || drawn.tick == tick { return }
        let screen = self.screen
        screen.trackMouseMotion(view.tracksMouseMotion(state))
        screen.beginFrame()
        view.render(state, screen, tick)
        screen.present()
        framesDrawn += 1
        drawn = (state, size, tick)
    }

    /// The latest state the spin reached.
    public var state: State? { latest.load().state }

    /// Advances animations by one frame (headless tests drive time themselves).
    package func advanceAnimation() { tick &+= 1 }

}

/// Which thread runs the UI, so that the feedback can tell whether a wake-up is needed: on the
/// UI's own thread the loop renders after handling the key that caused the state anyway.
private final class OwnerThread: Sendable {
    private let thread = Atomic<UInt>(0)

    func claim() { thread.store(UInt(pthread_self()), ordering: .releasing) }
    func release() { thread.store(0, ordering: .releasing) }
    var isCurrent: Bool { thread.load(ordering: .acquiring) == UInt(pthread_self()) }
}
