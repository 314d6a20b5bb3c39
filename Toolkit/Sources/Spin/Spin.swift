/// A feedback loop: an initial state, a pure reducer and the feedbacks that turn states into
/// events.
///
///     let spin = Spin(initialState: 0) { Feedback(observe: { print($0) }); Reducer(countUp) }
///     spin.start()
///     spin.emit(.increment)
///
/// Events are reduced one at a time in FIFO order by whichever thread finds the spin idle,
/// without hopping executors. Stopping cancels every effect; the spin also stops when released,
/// so keep it for as long as the loop should run.
public final class Spin<State: Sendable, Event: Sendable>: Sendable {
    @usableFromInline package let core: SpinCore<State, Event>

    /// The one way to build a spin: its initial state, where its effects run, and its feedbacks
    /// then its reducer, listed in a block (the reducer comes last, exactly once).
    ///
    ///     let effects = EffectThread()
    ///     let spin = Spin(initialState: state, clock: effects.clock, effectExecutor: effects) {
    ///         ui.feedback; loadPages; AppReducer.reducer
    ///     }
    ///
    /// - Parameters:
    ///   - clock: the clock effects wait on (`Effect.clock`); inject a test clock in tests.
    ///   - effectExecutor: where effect tasks run; nil for the global concurrent executor. An app
    ///     gives it an `EffectThread` (and that thread's clock) so that it never wakes up while idle.
    public convenience init(
        initialState: State,
        clock: any Clock<Duration> = ContinuousClock(),
        effectExecutor: (any TaskExecutor)? = nil,
        @SpinBuilder<State, Event> _ content: () -> SpinDefinition<State, Event>
    ) {
        self.init(initialState: initialState, definition: content(), clock: clock, effectExecutor: effectExecutor,
                  onReduce: nil)
    }

    /// - Parameters:
    ///   - onReduce: called by the draining thread after each reduced event with the new state
    ///     and the run that produced the event (nil for events emitted from outside).
    ///   - drainBudget: the most events one caller reduces before handing the rest on (the
    ///     benchmark compares with an unbounded budget).
    package init(
        initialState: State,
        definition: SpinDefinition<State, Event>,
        clock: any Clock<Duration>,
        effectExecutor: (any TaskExecutor)?,
        onReduce: ((Event, State, EffectRun?) -> Void)?,
        drainBudget: Int = SpinCore<State, Event>.defaultDrainBudget
    ) {
        // The spin keeps no copy of the initial state: the core's is the only reference, so the
        // first reduce already mutates it in place.
        self.core = SpinCore(
            initialState: initialState, feedbacks: definition.feedbacks, reducer: definition.reducer,
            clock: clock, effectExecutor: effectExecutor, onReduce: onReduce, drainBudget: drainBudget
        )
    }

    deinit { core.stop() }

    /// Attaches the feedbacks (they see the initial state first) and reduces any event emitted
    /// before. Does nothing if the spin already started or stopped.
    public func start() { core.start() }

    /// Cancels every effect and ends the loop for good. Safe to call more than once.
    public func stop() { core.stop() }

    /// Whether the spin has started and not stopped.
    package var isRunning: Bool { core.phase == .running }

    /// Queues an event from outside (a key press, a test), callable from any thread.
    ///
    /// If no thread is draining the spin, this call reduces the event (and what is queued
    /// meanwhile) before returning, up to 1,024 events: the rest, if other threads keep emitting,
    /// goes on in a task on the spin's executor, so no caller is held up by other threads'
    /// events. Events emitted before `start()` wait for it; events emitted after `stop()` are
    /// ignored.
    ///
    ///     spin.emit(.keyPressed(.down))
    @inlinable public func emit(_ event: Event) { core.emit(event) }

    /// Queues an input whose event is decided when its turn comes, by `decide`, against the
    /// state the reducer holds then (not the state last seen outside). Callable from any thread;
    /// FIFO with `emit(_:)`, one at a time; `decide` returning nil ignores the input. Journals
    /// and `onReduce` see the decided event. Keep `decide` quick and pure: it runs while the
    /// spin drains.
    ///
    ///     // A q read after an Esc that is still queued sees the Esc's state.
    ///     spin.emit(decidedBy: { state in keyMap(.character("q"), state) })
    ///     spin.emit(decidedBy: { state in state.isEditing ? nil : .saved })
    public func emit(decidedBy decide: @escaping @Sendable (State) -> Event?) { core.emit(decidedBy: decide) }

    /// The states, in order, each access a new subscription with an unbounded buffer.
    ///
    /// A subscription made before `start()` begins with the initial state; a later one begins
    /// with the state current at that point of the event sequence. It finishes when the spin stops.
    public var states: AsyncStream<State> { core.makeStateStream() }

    /// Returns once no effect task of the spin is running; after `stop()`, once every task the
    /// spin started has ended. (A state-stream feedback runs until the spin stops.)
    public func waitForEffects() async { await core.waitForEffects() }
}
