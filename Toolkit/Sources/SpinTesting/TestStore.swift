import CustomDump
import Spin
import Synchronization
import Testing

/// An exhaustive test harness for a spin: every event an effect produces must be received by
/// the test, and no effect may still be running when the test finishes.
///
///     let store = TestStore(initialState: Player()) { hudFeedbacks; Reducer(playerReducer) }
///     await store.send(.keyPressed) { $0.isHUDVisible = true }
///     await store.advance(by: .seconds(3)); await store.receive(.hudTimedOut) { $0.isHUDVisible = false }
///     await store.finish()
///
/// Effects run on a serial executor owned by the store, and wait on a `VirtualClock`, so each
/// step first lets the effects run until all of them are idle (effects that hop to the main
/// actor included): tests never sleep and never race. Set `exhaustivity = .off` to check only
/// what the test cares about.
public final class TestStore<State: Equatable & Sendable, Event: Equatable & Sendable>: Sendable {
    /// The clock the spin's effects wait on; advance it with `advance(by:)`.
    public var clock: VirtualClock { time.clock }

    /// How much a test must account for (`.on` by default); settable at any point of the test.
    ///
    ///     store.exhaustivity = .off
    ///     await store.receive(.pageLoaded) { $0.count = 50 }   // earlier events skipped
    public var exhaustivity: Exhaustivity {
        get { journal.withLock { $0.exhaustivity } }
        set { journal.withLock { $0.exhaustivity = newValue } }
    }

    let spin: Spin<State, Event>
    let time: VirtualTime
    let journal: LockedJournal
    let arrivals = Arrivals()
    private let createdAt: SourceLocation
    /// How long (real time) a step waits for busy effects or for an event before failing.
    let timeout: Duration
    /// Tags the events emitted by `send`, to tell them from those of effects, observers, gears.
    private let sendTag: EffectRun

    /// Lets the reduce hook stop the spin it belongs to without keeping it alive.
    private final class WeakSpin: Sendable {
        private let spin = Lock<Weak?>(nil)
        private struct Weak { weak var spin: Spin<State, Event>? }
        func set(_ newSpin: Spin<State, Event>) { spin.withLock { $0 = Weak(spin: newSpin) } }
        func stop() { spin.withLock { $0?.spin }?.stop() }
    }

    /// More events than this in one step means effects and states keep feeding each other.
    static var runawayLimit: Int { 10_000 }

    /// Starts the spin built by `content` on a virtual clock. The initial state is what the
    /// first `send`'s expectation is applied to.
    ///
    /// - Parameter timeout: how long, in real time, `receive` waits for an event that effects
    ///   working outside the virtual clock (real I/O) have yet to produce, and how long a step
    ///   waits for effects that keep their thread busy, before failing with what is pending.
    public init(
        initialState: State,
        clock: VirtualClock = VirtualClock(),
        timeout: Duration = .seconds(1),
        sourceLocation: SourceLocation = #_sourceLocation,
        @SpinBuilder<State, Event> _ content: () -> SpinDefinition<State, Event>
    ) {
        let time = VirtualTime(clock: clock)
        let journal = LockedJournal(Journal(state: initialState))
        let arrivals = self.arrivals
        let spinBox = WeakSpin()
        let sendTag = EffectRun(id: 0, lifetime: .spin)
        self.sendTag = sendTag
        self.time = time
        self.journal = journal
        self.timeout = timeout
        self.createdAt = sourceLocation
        self.spin = Spin(
            initialState: initialState, definition: content(), clock: time.clock,
            effectExecutor: time.executor,
            onReduce: { event, state, run in
                let broken = Self.brokenInvariants(of: state, after: event)
                let isRunaway = journal.withLock { journal -> Bool in
                    journal.brokenInvariants += broken
                    journal.reducedSinceLastStep += 1
                    if journal.reducedSinceLastStep > Self.runawayLimit { journal.isRunaway = true }
                    if run === sendTag {
                        journal.sent.append((event, state))
                    } else {
                        journal.received.append((event, state))
                    }
                    return journal.isRunaway
                }
                if run !== sendTag { arrivals.signal() }
                // Stopping from the hook ends the drain after this event: the test step reports it.
                if isRunaway { spinBox.stop() }
            }
        )
        spinBox.set(spin)
        spin.start()
    }

    deinit {
        let isFinished = journal.withLock { $0.isFinished }
        if !isFinished { checkExhaustivity(at: createdAt) }
        spin.stop()
    }

    /// The state as of the last checked event.
    public var state: State { journal.withLock { $0.state } }

    /// Emits `event` and checks the state it produced: `update` turns the previous state into
    /// the expected one.
    public func send(
        _ event: Event,
        sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout State) -> Void)? = nil
    ) async {
        await settle(sourceLocation)
        let (unreceived, exhaustivity) = journal.withLock { journal in
            // Skip them, so that this step is checked against the state they produced.
            if let last = journal.received.last { journal.state = last.state }
            defer { journal.received = [] }
            return (journal.received, journal.exhaustivity)
        }
        if !unreceived.isEmpty, exhaustivity == .on {
            fail(
                "Must receive \(unreceived.count) event(s) from effects before sending \(dump(event)): "
                    + list(unreceived.map(\.event)),
                sourceLocation: sourceLocation
            )
        }
        spin.core.send(event, from: sendTag)
        await settle(sourceLocation)
        let reduced = journal.withLock { $0.sent.isEmpty ? nil : $0.sent.removeFirst() }
        guard let reduced else {
            fail("\(dump(event)) was not reduced: the spin has stopped.", sourceLocation: sourceLocation)
            return
        }
        check(reduced.state, after: event, update, sourceLocation)
    }

    /// Takes the oldest event produced by an effect, checks that it is `event`, and checks the
    /// state it produced. If no event is there yet, waits up to the store's timeout (real time)
    /// for one, then fails with what is pending. With `exhaustivity = .off`, events before the
    /// first one equal to `event` are skipped.
    public func receive(
        _ event: Event,
        timeout: Duration? = nil,
        sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout State) -> Void)? = nil
    ) async {
        await settle(sourceLocation)
        let deadline = ContinuousClock.now.advanced(by: timeout ?? self.timeout)
        while true {
            let arrivalsSeen = arrivals.count
            switch takeReceived(matching: event) {
            case .found(let state):
                check(state, after: event, update, sourceLocation)
                return
            case .unexpected(let other):
                fail("Received an unexpected event:\n" + (diff(event, other) ?? dump(other)), sourceLocation: sourceLocation)
                return
            case .none:
                guard await arrivals.wait(after: arrivalsSeen, until: deadline) else {
                    fail("Expected to receive \(dump(event)), but no effect produced it. " + pendingWork(),
                         sourceLocation: sourceLocation)
                    return
                }
                await settle(sourceLocation)
            }
        }
    }

    private enum Taken { case found(State), unexpected(Event), none }

    private func takeReceived(matching event: Event) -> Taken {
        journal.withLock { journal -> Taken in
            guard !journal.received.isEmpty else { return .none }
            if journal.exhaustivity == .on {
                let next = journal.received.removeFirst()
                if next.event != event {
                    journal.state = next.state
                    return .unexpected(next.event)
                }
                return .found(next.state)
            }
            guard let index = journal.received.firstIndex(where: { $0.event == event }) else {
                // Skipped: the next check starts from the latest state.
                journal.state = journal.received.last!.state
                journal.received = []
                return .none
            }
            if index > 0 { journal.state = journal.received[index - 1].state }
            let found = journal.received[index]
            journal.received.removeFirst(index + 1)
            return .found(found.state)
        }
    }

    /// Takes every event received so far without checking them: the next step starts from the
    /// state they produced (for a non-exhaustive test that only cares where things end up).
    public func skipReceivedEvents() {
        journal.withLock { journal in
            if let last = journal.received.last { journal.state = last.state }
            journal.received = []
        }
    }

    /// Moves the virtual clock forward, waking each sleeping effect at its deadline and letting
    /// the effects run before moving on to the next deadline.
    public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        let settled = await time.advance(by: duration) { reportRunaway(sourceLocation) }
        if !settled { fail("An effect keeps sleeping without time passing.", sourceLocation: sourceLocation) }
    }

    /// Lets the effects run until idle without moving the clock.
    public func runEffects(sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle(sourceLocation)
    }

    /// Ends the test: fails if an effect produced an event the test did not receive or if an
    /// effect is still running (unless `exhaustivity` is off), then stops the spin and waits for
    /// every task to end.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle(sourceLocation)
        checkExhaustivity(at: sourceLocation)
        journal.withLock { $0.isFinished = true }
        spin.stop()
        await spin.waitForEffects()
    }
}

/// How much of what a spin does a `TestStore` requires the test to account for.
public enum Exhaustivity: Sendable, Equatable {
    /// Every event effects produce must be received, every state change asserted, and no
    /// effect may run at the end.
    case on
    /// Only what the test names is checked: `receive` skips other events, an expectation checks
    /// only the fields it sets, and events or effects left at the end are not failures.
    case off
}
