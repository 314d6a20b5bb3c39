import Clocks
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
/// Effects run on a serial executor owned by the store, and wait on a `TestClock`, so each step
/// first lets the effects run until all of them are idle: tests never sleep and never race.
public final class TestStore<State: Equatable & Sendable, Event: Equatable & Sendable>: Sendable {
    /// The clock the spin's effects wait on; advance it with `advance(by:)`.
    public var clock: TestClock<Duration> { time.testClock }

    private let spin: Spin<State, Event>
    private let time: VirtualTime
    private let journal: LockedJournal
    private let createdAt: SourceLocation
    /// Tags the events emitted by `send`, to tell them from those of effects, observers, gears.
    private let sendTag: EffectRun

    /// Lets the reduce hook stop the spin it belongs to without keeping it alive.
    private final class WeakSpin: Sendable {
        private let spin = Mutex<Weak?>(nil)
        private struct Weak { weak var spin: Spin<State, Event>? }
        func set(_ newSpin: Spin<State, Event>) { spin.withLock { $0 = Weak(spin: newSpin) } }
        func stop() { spin.withLock { $0?.spin }?.stop() }
    }

    /// The journal is shared with the spin's reduce hook, hence a reference.
    private final class LockedJournal: Sendable {
        private let mutex: Mutex<Journal>
        init(_ journal: sending Journal) { mutex = Mutex(journal) }
        func withLock<R>(_ body: (inout sending Journal) -> sending R) -> R { mutex.withLock(body) }
    }

    private struct Journal {
        var state: State
        /// Events emitted with `send`, with the state each produced, not yet checked.
        var sent: [(event: Event, state: State)] = []
        /// Events produced by feedbacks (effects, observers, gears), with the state each
        /// produced, not yet received.
        var received: [(event: Event, state: State)] = []
        var isFinished = false
        /// Events reduced since the test's last step, to catch a feedback loop that never settles.
        var reducedSinceLastStep = 0
        var isRunaway = false
    }

    /// More events than this in one step means effects and states keep feeding each other.
    static var runawayLimit: Int { 10_000 }

    /// Starts the spin built by `content` on a test clock. The initial state is what the
    /// first `send`'s expectation is applied to.
    public init(
        initialState: State,
        clock: TestClock<Duration> = TestClock(),
        sourceLocation: SourceLocation = #_sourceLocation,
        @SpinBuilder<State, Event> _ content: () -> SpinDefinition<State, Event>
    ) {
        let time = VirtualTime(testClock: clock)
        let journal = LockedJournal(Journal(state: initialState))
        let spinBox = WeakSpin()
        let sendTag = EffectRun(id: 0, lifetime: .spin)
        self.sendTag = sendTag
        self.time = time
        self.journal = journal
        self.createdAt = sourceLocation
        self.spin = Spin(
            initialState: initialState, definition: content(), clock: time.clock,
            effectExecutor: time.executor,
            onReduce: { event, state, run in
                let isRunaway = journal.withLock { journal -> Bool in
                    journal.reducedSinceLastStep += 1
                    if journal.reducedSinceLastStep > Self.runawayLimit { journal.isRunaway = true }
                    if run === sendTag {
                        journal.sent.append((event, state))
                    } else {
                        journal.received.append((event, state))
                    }
                    return journal.isRunaway
                }
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
        let unreceived = journal.withLock { journal in
            // Skip them, so that this step is checked against the state they produced.
            if let last = journal.received.last { journal.state = last.state }
            defer { journal.received = [] }
            return journal.received
        }
        if !unreceived.isEmpty {
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
    /// state it produced.
    public func receive(
        _ event: Event,
        sourceLocation: SourceLocation = #_sourceLocation,
        assert update: ((inout State) -> Void)? = nil
    ) async {
        await settle(sourceLocation)
        let next = journal.withLock { $0.received.isEmpty ? nil : $0.received.removeFirst() }
        guard let next else {
            fail(
                "Expected to receive \(dump(event)), but no effect produced an event. Does an effect "
                    + "wait on the clock? Advance it first.",
                sourceLocation: sourceLocation
            )
            return
        }
        if next.event != event {
            fail(
                "Received an unexpected event:\n" + (diff(event, next.event) ?? dump(next.event)),
                sourceLocation: sourceLocation
            )
        }
        check(next.state, after: event, update, sourceLocation)
    }

    /// Moves the test clock forward, waking each sleeping effect at its deadline and letting the
    /// effects run before moving on to the next deadline.
    public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async {
        let settled = await time.advance(by: duration) { reportRunaway(sourceLocation) }
        if !settled { fail("An effect keeps sleeping without time passing.", sourceLocation: sourceLocation) }
    }

    /// Lets the effects run until idle without moving the clock.
    public func runEffects(sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle(sourceLocation)
    }

    /// Waits until every effect has ended or is suspended, and reports a runaway feedback loop.
    private func settle(_ sourceLocation: SourceLocation) async {
        await time.settle()
        reportRunaway(sourceLocation)
    }

    /// Reports (once) a feedback loop that kept reducing events during the last step.
    private func reportRunaway(_ sourceLocation: SourceLocation) {
        let wasRunaway = journal.withLock { journal -> Bool in
            defer { journal.reducedSinceLastStep = 0; journal.isRunaway = false }
            return journal.isRunaway
        }
        if wasRunaway {
            fail(
                "More than \(Self.runawayLimit) events were reduced in one step: a feedback keeps "
                    + "answering the states its own events produce. The spin was stopped.",
                sourceLocation: sourceLocation
            )
        }
    }

    /// Ends the test: fails if an effect produced an event the test did not receive or if an
    /// effect is still running, then stops the spin and waits for every task to end.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) async {
        await settle(sourceLocation)
        checkExhaustivity(at: sourceLocation)
        journal.withLock { $0.isFinished = true }
        spin.stop()
        await spin.waitForEffects()
    }

    private func checkExhaustivity(at sourceLocation: SourceLocation) {
        let unreceived = journal.withLock { journal in
            defer { journal.received = [] }
            return journal.received
        }
        if !unreceived.isEmpty {
            fail(
                "\(unreceived.count) event(s) produced by effects were not received: "
                    + list(unreceived.map(\.event)),
                sourceLocation: sourceLocation
            )
        }
        let running = spin.core.runningEffectCount
        if running > 0 {
            fail(
                "\(running) effect(s) still running at the end of the test. Change the state so "
                    + "that their feedback cancels them, or advance the clock until they end.",
                sourceLocation: sourceLocation
            )
        }
    }

    private func check(
        _ actual: State, after event: Event, _ update: ((inout State) -> Void)?, _ sourceLocation: SourceLocation
    ) {
        var expected = journal.withLock { $0.state }
        update?(&expected)
        if expected != actual {
            fail(
                "State after \(dump(event)) differs from the expectation (- expected, + actual):\n"
                    + (diff(expected, actual) ?? dump(actual)),
                sourceLocation: sourceLocation
            )
        }
        journal.withLock { $0.state = actual }
    }

    private func fail(_ message: String, sourceLocation: SourceLocation) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// The first few events, enough to recognise them without flooding the report.
    private func list(_ events: [Event]) -> String {
        let shown = events.prefix(5).map { dump($0) }.joined(separator: ", ")
        return events.count > 5 ? shown + ", and \(events.count - 5) more" : shown
    }

    private func dump(_ value: some Any) -> String {
        var text = ""
        customDump(value, to: &text)
        return text
    }
}
