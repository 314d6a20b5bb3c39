import Synchronization

/// The runtime behind a `Spin`: a FIFO of events, drained by whichever thread finds it idle.
///
/// Why no actor: handing each event to another executor costs tens of microseconds, while a
/// FIFO under a lock costs tens of nanoseconds. The thread that emits into an idle spin reduces
/// the event itself, then what is queued meanwhile, one event at a time and never recursively:
/// an event emitted while reducing, or by a hook, only joins the queue. A holder of the token
/// reduces at most `drainBudget` events: then the observers see the state, and the token and the
/// rest of the queue go to a task on the spin's executor, so a caller of `emit` is never held
/// hostage by other threads' floods.
///
/// The usual event, emitted into an idle spin with nothing queued, costs two compare-and-
/// exchanges of `token` (take the drain token, give it back) and no lock: the mutex is taken
/// only to queue behind a holder, to take a batch, and to start or stop.
///
/// Invariants behind `@unchecked Sendable`:
/// - `shared` and `token` are the only state several threads touch: `shared` always under its
///   mutex, `token` atomically. `token` changes without the mutex only from exactly `running`
///   to `running | draining` (an emitter takes the token) and back (the holder gives it back
///   with nothing queued); every other change is made under the mutex.
/// - Whoever sets `Token.draining` holds the *drain token*. Only the token holder touches
///   `state`, `leftover`, `leftoverIndex`, `stateHooks`, `batchHooks` and `onReduce` (which
///   also carries the feedbacks' `onReduced` hooks), so the reducer mutates `state`
///   in place while it is uniquely referenced (no copy-on-write copy of a large state).
/// - `Token.queued` is set exactly when `shared.pending` is not empty; while the spin runs,
///   it is set only while the token is held, so the holder cannot give the token back past a
///   queued item (its compare-and-exchange fails and it takes the batch under the mutex).
@usableFromInline
package final class SpinCore<State: Sendable, Event: Sendable>: @unchecked Sendable {
    @usableFromInline
    package enum Phase: Sendable { case idle, running, stopped }

    /// A queued event, an input whose event is decided on its turn, or a states subscription
    /// joining at this point of the sequence.
    ///
    /// A struct of optionals rather than an enum: destroying a generic enum with tuple payloads
    /// looks its layout up at run time, which showed in the benchmark.
    @usableFromInline
    struct Item: Sendable {
        @usableFromInline let event: Event?
        @usableFromInline let run: EffectRun?
        @usableFromInline let subscription: StateSubscription<State>?
        /// Decides the event from the state the reducer holds when this item's turn comes.
        @usableFromInline let decide: (@Sendable (State) -> Event?)?

        @inlinable
        static func event(_ event: Event, _ run: EffectRun?) -> Item {
            Item(event: event, run: run, subscription: nil, decide: nil)
        }

        static func subscribe(_ subscription: StateSubscription<State>) -> Item {
            Item(event: nil, run: nil, subscription: subscription, decide: nil)
        }

        static func decided(by decide: @escaping @Sendable (State) -> Event?) -> Item {
            Item(event: nil, run: nil, subscription: nil, decide: decide)
        }

        @inlinable
        init(event: Event?, run: EffectRun?, subscription: StateSubscription<State>?,
             decide: (@Sendable (State) -> Event?)?) {
            self.event = event
            self.run = run
            self.subscription = subscription
            self.decide = decide
        }
    }

    /// The bits of `token`.
    @usableFromInline
    enum Token {
        /// Started and not stopped.
        @usableFromInline static var running: UInt8 { 1 }
        /// A thread (or a hand-off task) holds the drain token; set for good once stopped.
        @usableFromInline static var draining: UInt8 { 2 }
        /// `shared.pending` is not empty.
        @usableFromInline static var queued: UInt8 { 4 }
    }

    @usableFromInline
    struct Shared {
        @usableFromInline var phase = Phase.idle
        @usableFromInline var pending: [Item] = []
        var runs: [UInt64: EffectRun] = [:]
        var nextRunID: UInt64 = 0
        var effectsEndedWaiters: [CheckedContinuation<Void, Never>] = []
        var stopActions: [@Sendable () -> Void] = []

        init() {}
    }

    @usableFromInline let shared = Lock(Shared())
    /// Who holds the drain token, and whether the spin runs and has events queued (`Token`).
    @usableFromInline let token = Atomic<UInt8>(0)
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let subscribers = StateSubscribers<State>()

    package let clock: any Clock<Duration>
    /// What the hooks see while this spin drains (its clock), whichever thread drains it.
    @usableFromInline let drainContext: DrainContext
    /// The most events one holder of the drain token reduces before handing the rest on.
    @usableFromInline let drainBudget: Int
    @usableFromInline let effectExecutor: (any TaskExecutor)?
    @usableFromInline let reduce: @Sendable (inout State, Event) -> Void
    private let feedbacks: [Feedback<State, Event>]

    // Owned by the drain token holder, which makes every access to them exclusive: they skip
    // the run-time exclusivity check, which costs about 40 instructions per access (and a
    // reduce, which calls out while it modifies `state`, twice that), more than the rest of an
    // event's work. Nothing the reducer or a hook runs reaches them (they are not public).
    // `state` is read when a feedback attaches (a journal snapshots it).
    @exclusivity(unchecked) @usableFromInline package var state: State
    /// The batch a holder leaves when its budget runs out, and the index of its next item: the
    /// next holder takes it up first. Between drains, the spare storage for the next batch.
    @exclusivity(unchecked) @usableFromInline var leftover: [Item] = []
    @exclusivity(unchecked) @usableFromInline var leftoverIndex = 0
    @exclusivity(unchecked) @usableFromInline var stateHooks: [(State) -> Void] = []
    @exclusivity(unchecked) @usableFromInline var batchHooks: [(State) -> Void] = []
    @exclusivity(unchecked) @usableFromInline var onReduce: ((Event, State, EffectRun?) -> Void)?

    package init(
        initialState: State,
        feedbacks: [Feedback<State, Event>],
        reducer: Reducer<State, Event>,
        clock: any Clock<Duration>,
        effectExecutor: (any TaskExecutor)? = nil,
        onReduce: ((Event, State, EffectRun?) -> Void)? = nil,
        drainBudget: Int = SpinCore.defaultDrainBudget
    ) {
        self.drainBudget = max(drainBudget, 1)
        self.state = initialState
        self.feedbacks = feedbacks
        self.reduce = reducer.reduce
        self.clock = clock
        self.drainContext = DrainContext(clock: clock)
        self.effectExecutor = effectExecutor
        self.onReduce = onReduce
    }

    package var phase: Phase { shared.withLock { $0.phase } }

    // MARK: Lifecycle

    package func start() {
        let starts = shared.withLock { shared -> Bool in
            guard shared.phase == .idle else { return false }
            shared.phase = .running
            token.bitwiseOr(Token.running | Token.draining, ordering: .acquiringAndReleasing)
            return true
        }
        guard starts else { return }
        let previous = drainContext.enter()
        var reducedHooks: [(Event, State) -> Void] = []
        for feedback in feedbacks {
            let hooks = feedback.attach(self)
            if let onState = hooks.onState { stateHooks.append(onState) }
            if let onBatchEnd = hooks.onBatchEnd { batchHooks.append(onBatchEnd) }
            if let onReduced = hooks.onReduced { reducedHooks.append(onReduced) }
        }
        // Feedbacks' per-event hooks (a journal) join `onReduce`, which the drain already
        // checks for each event: a spin without them pays nothing more per event.
        if !reducedHooks.isEmpty {
            let runtimeHook = onReduce
            onReduce = { event, state, run in
                runtimeHook?(event, state, run)
                for hook in reducedHooks { hook(event, state) }
            }
        }
        publishState()
        DrainContext.leave(restoring: previous)
        drain(batchIsDirty: true)
    }

    package func stop() {
        let taken = shared.withLock { shared -> StopWork? in
            guard shared.phase != .stopped else { return nil }
            shared.phase = .stopped
            stopped.store(true, ordering: .releasing)
            // A stopped spin never drains again: whoever holds the token keeps it for good.
            // (A holder's compare-and-exchange to give it back now fails: it sees the stop.)
            let previous = token.exchange(Token.draining, ordering: .acquiringAndReleasing)
            let ownsToken = previous & Token.draining == 0
            defer { shared.pending = []; shared.stopActions = [] }
            return StopWork(runs: Array(shared.runs.values), actions: shared.stopActions,
                         pending: shared.pending, ownsToken: ownsToken)
        }
        guard let taken else { return }
        for run in taken.runs { run.cancel() }
        for action in taken.actions { action() }
        Self.finishSubscriptions(in: taken.pending[...])
        subscribers.close()
        if taken.ownsToken { releaseHooks() }
    }

    struct StopWork {
        var runs: [EffectRun]
        var actions: [@Sendable () -> Void]
        var pending: [Item]
        var ownsToken: Bool
    }

    /// Runs `action` when the spin stops (at once if it already has).
    package func onStop(_ action: @escaping @Sendable () -> Void) {
        let runNow = shared.withLock { shared -> Bool in
            guard shared.phase != .stopped else { return true }
            shared.stopActions.append(action)
            return false
        }
        if runNow { action() }
    }

    // MARK: Events in

    @inlinable
    package func emit(_ event: Event) {
        enqueue(.event(event, nil))
    }

    /// Queues an input whose event `decide` picks, on its turn, from the reducer's state.
    package func emit(decidedBy decide: @escaping @Sendable (State) -> Event?) {
        enqueue(.decided(by: decide))
    }

    @inlinable
    func enqueue(_ item: Item) {
        // Running, nobody draining, nothing queued: take the token and reduce the item at once,
        // never queued and without the mutex.
        if token.compareExchange(expected: Token.running, desired: Token.running | Token.draining,
                                 ordering: .acquiringAndReleasing).exchanged {
            drain(first: item)
            return
        }
        enqueueContended(item)
    }

    /// Queues `item` behind a holder of the token, before the start, or after a stop; or takes
    /// the token if it was given back meanwhile. Out of line: the uncontended path stays small
    /// enough to be inlined into the caller's loop.
    @inlinable @inline(never)
    func enqueueContended(_ item: Item) {
        let action = shared.withLock { shared -> EnqueueAction in
            switch shared.phase {
            case .stopped:
                return .none
            case .idle:
                shared.pending.append(item)
                token.bitwiseOr(Token.queued, ordering: .acquiringAndReleasing)
                return .none
            case .running:
                var word = token.load(ordering: .relaxed)
                while true {
                    if word & Token.draining != 0 {
                        // Queued behind the holder, whose giving back now fails: it takes this
                        // item under the mutex.
                        let (exchanged, original) = token.compareExchange(
                            expected: word, desired: word | Token.queued, ordering: .acquiringAndReleasing)
                        if exchanged {
                            shared.pending.append(item)
                            return .none
                        }
                        word = original
                    } else {
                        // The holder gave the token back meanwhile: take it.
                        let (exchanged, original) = token.compareExchange(
                            expected: word, desired: word | Token.draining, ordering: .acquiringAndReleasing)
                        if exchanged {
                            // Nothing is queued while nobody drains: reduce it at once.
                            if shared.pending.isEmpty { return .reduceAtOnce }
                            shared.pending.append(item)
                            return .drain
                        }
                        word = original
                    }
                }
            }
        }
        switch action {
        case .reduceAtOnce:
            drain(first: item)
        case .drain:
            drain(batchIsDirty: false)
        case .none:
            if let subscription = item.subscription, stopped.load(ordering: .acquiring) {
                subscription.continuation.finish()
            }
        }
    }

    @usableFromInline
    enum EnqueueAction { case none, drain, reduceAtOnce }

    // MARK: The drain loop (token holder only)

    @usableFromInline
    enum Step { case batch, batchEnd, idle, stopped }

    /// The most events one holder of the drain token reduces before handing the rest on.
    package static var defaultDrainBudget: Int { 1_024 }

    // The drain loop is inlinable so that it is specialized for the client's State and Event:
    // unspecialized, every event would pay for generic metadata look-ups (~1 µs).
    @inlinable
    func drain(batchIsDirty: Bool) {
        // Hooks build effects here: they see the spin's clock, whichever thread drains.
        let previous = drainContext.enter()
        drainLoop(batchIsDirty: batchIsDirty, budget: drainBudget)
        DrainContext.leave(restoring: previous)
    }

    /// Holds the drain token with nothing queued: reduces `item` first, then whatever came
    /// meanwhile. `item` counts against the budget like any other.
    @inlinable
    func drain(first item: Item) {
        let previous = drainContext.enter()
        let isDirty = process(item) && !batchHooks.isEmpty
        // The usual case, one key and nothing else queued: give the token back in one step,
        // which fails if an item was queued or the spin stopped meanwhile.
        let isDone = !isDirty && token.compareExchange(
            expected: Token.running | Token.draining, desired: Token.running,
            ordering: .acquiringAndReleasing).exchanged
        if !isDone { drainLoop(batchIsDirty: isDirty, budget: max(drainBudget - 1, 1)) }
        DrainContext.leave(restoring: previous)
    }

    @inlinable
    func drainLoop(batchIsDirty: Bool, budget drainBudget: Int) {
        var isDirty = batchIsDirty
        var budget = drainBudget
        // The batch lives in locals while this holder drains (a class property would pay an
        // exclusivity check per access); what a previous holder left over comes first.
        var batch: [Item] = []
        swap(&batch, &leftover)
        var index = leftoverIndex
        while true {
            if index < batch.count {
                if budget == 0 {
                    // Observers see a state at least once per budget, then the rest goes on
                    // in a task: this caller has done its share.
                    if isDirty { for hook in batchHooks { hook(state) } }
                    swap(&batch, &leftover)
                    leftoverIndex = index
                    handOff()
                    return
                }
                let end = min(batch.count, index + budget)
                budget -= end - index
                // Without observers a batch end has nothing to do: skip its lock round trip.
                isDirty = (process(batch, from: &index, upTo: end) || isDirty) && !batchHooks.isEmpty
                continue
            }
            if !batch.isEmpty {
                batch.removeAll(keepingCapacity: true)
                index = 0
            }
            let step = shared.withLock { shared -> Step in
                if shared.phase == .stopped { return .stopped }
                if !shared.pending.isEmpty {
                    // The queue takes the emptied batch's storage: no allocation per batch.
                    swap(&shared.pending, &batch)
                    token.bitwiseAnd(~Token.queued, ordering: .acquiringAndReleasing)
                    return .batch
                }
                if isDirty { return .batchEnd }
                // Keep the storage for the next holder (no allocation per drain): before giving
                // the token back, since the next holder takes it up at once.
                swap(&batch, &leftover)
                leftoverIndex = 0
                // Nothing queued and the mutex held: nobody else changes `token` now.
                token.bitwiseAnd(~Token.draining, ordering: .acquiringAndReleasing)
                return .idle
            }
            switch step {
            case .idle:
                return
            case .stopped:
                releaseHooks()
                return
            case .batchEnd:
                // One render per batch: observers see the latest state, not every state.
                isDirty = false
                for hook in batchHooks { hook(state) }
            case .batch:
                continue
            }
        }
    }

    /// Gives the drain token, with the rest of the batch and the queue, to a new task on the
    /// spin's executor.
    @usableFromInline
    func handOff() {
        Task(executorPreference: effectExecutor) { [self] in drain(batchIsDirty: false) }
    }

    /// Reduces the batch's items from `index` up to `end`, in order; returns whether any event
    /// was reduced.
    @inlinable
    func process(_ batch: [Item], from index: inout Int, upTo end: Int) -> Bool {
        var reducedAny = false
        while index < end {
            if stopped.load(ordering: .acquiring) {
                Self.finishSubscriptions(in: batch[index...])
                index = batch.count
                break
            }
            let item = batch[index]
            index += 1
            if process(item) { reducedAny = true }
        }
        return reducedAny
    }

    /// Reduces one item (or subscribes it); returns whether an event was reduced.
    @inlinable
    func process(_ item: Item) -> Bool {
        if let event = item.event {
            // No stale events: a run cancelled before now has lost its queued events too.
            if let run = item.run, run.isCancelled { return false }
            if stopped.load(ordering: .acquiring) { return false }
            reduce(&state, event)
            onReduce?(event, state, item.run)
            publishState()
            return true
        } else if let subscription = item.subscription {
            if stopped.load(ordering: .acquiring) {
                subscription.continuation.finish()
                return false
            }
            subscription.continuation.yield(state)
            subscribers.add(subscription.id, subscription.continuation)
        } else if let decide = item.decide {
            if stopped.load(ordering: .acquiring) { return false }
            // Decided now, against the state it is reduced on; nil: the input is ignored.
            guard let event = decide(state) else { return false }
            reduce(&state, event)
            onReduce?(event, state, nil)
            publishState()
            return true
        }
        return false
    }

    @inlinable
    func publishState() {
        // One copy for all the hooks: reading `state` off this class in the loop would copy
        // the whole state (a retain per field) for each hook.
        let state = self.state
        if subscribers.isActive { subscribers.yield(state) }
        for hook in stateHooks { hook(state) }
    }

    @usableFromInline
    func releaseHooks() {
        stateHooks = []
        batchHooks = []
        onReduce = nil
    }

    @usableFromInline
    static func finishSubscriptions(in items: ArraySlice<Item>) {
        for item in items { item.subscription?.continuation.finish() }
    }

    // MARK: States out

    package func makeStateStream() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .unbounded)
        let id = subscribers.makeID()
        continuation.onTermination = { [subscribers] _ in subscribers.remove(id) }
        let registeredBeforeStart = shared.withLock { shared -> Bool in
            // Before start, register at once so the initial state is the first element.
            guard shared.phase == .idle else { return false }
            subscribers.add(id, continuation)
            return true
        }
        // Once running, the subscription goes through the FIFO: it sees the state at that
        // point of the event sequence, then every later state.
        if !registeredBeforeStart {
            enqueue(.subscribe(StateSubscription(id: id, continuation: continuation)))
        }
        return stream
    }
}
