/// Starting, tagging and tracking effect runs.
///
/// Every run is registered while the spin runs and removed when its task ends, so `stop()` can
/// cancel them all and `waitForEffects()` can tell when none is left.
extension SpinCore {
    /// Iterates `sequence` in a new task and feeds its elements back as events of one run.
    /// Returns nil when the spin is not running (a stopped spin starts no effect).
    @discardableResult @usableFromInline
    package func launch<S: AsyncSequence>(
        _ sequence: sending S,
        lifetime: EffectRun.Lifetime = .effect,
        catching: (@Sendable (any Error) -> Event)?
    ) -> EffectRun? where S.Element == Event {
        // Erase the sequence's type before the task captures it.
        var iterator = sequence.makeAsyncIterator()
        let next: () async throws -> Event? = { try await iterator.next(isolation: nil) }
        return startRun(lifetime) { [self] run in
            do {
                while let event = try await next() {
                    if run.isCancelled { return }
                    self.send(event, from: run)
                }
            } catch {
                self.report(error, from: run, catching: catching)
            }
        }
    }

    /// Awaits `operation` in a new task and feeds its result, if any, back as an event.
    @discardableResult @usableFromInline
    package func launch(
        _ operation: @escaping @Sendable () async throws -> Event?,
        catching: (@Sendable (any Error) -> Event)?
    ) -> EffectRun? {
        startRun(.effect) { [self] run in
            do {
                if let event = try await operation() { self.send(event, from: run) }
            } catch {
                self.report(error, from: run, catching: catching)
            }
        }
    }

    /// Awaits `operation` in a new task, giving it an emitter whose events belong to the run (and
    /// are dropped with it), and feeds its result, if any, back as a last event.
    @discardableResult @usableFromInline
    package func launchSending(_ operation: @escaping @Sendable (Emitter<Event>) async -> Event?) -> EffectRun? {
        startRun(.effect) { [self] run in
            let emitter = Emitter<Event> { [weak self] event in self?.send(event, from: run) }
            if let event = await operation(emitter) { self.send(event, from: run) }
        }
    }

    /// Queues an event produced by `run`; it is dropped if the run is cancelled before the
    /// event is reduced.
    package func send(_ event: Event, from run: EffectRun) {
        guard !run.isCancelled else { return }
        enqueue(.event(event, run))
    }

    /// Waits until no effect task of this spin is running (after `stop()`, until every task
    /// has ended). A state-stream feedback runs until the spin stops.
    package func waitForEffects() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = shared.withLock { shared -> Bool in
                guard !shared.runs.isEmpty else { return true }
                shared.effectsEndedWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// The number of one-off effects still running (state-stream feedbacks excluded).
    package var runningEffectCount: Int {
        shared.withLock { $0.runs.values.count { $0.lifetime == .effect } }
    }

    private func report(_ error: any Error, from run: EffectRun, catching: (@Sendable (any Error) -> Event)?) {
        // A cancelled run's error (usually CancellationError) would be stale anyway.
        guard !run.isCancelled, let catching else { return }
        send(catching(error), from: run)
    }

    private func startRun(
        _ lifetime: EffectRun.Lifetime,
        _ body: sending @escaping (EffectRun) async -> Void
    ) -> EffectRun? {
        let run = shared.withLock { shared -> EffectRun? in
            guard shared.phase == .running else { return nil }
            shared.nextRunID += 1
            let run = EffectRun(id: shared.nextRunID, lifetime: lifetime)
            shared.runs[run.id] = run
            return run
        }
        guard let run else { return nil }
        let clock = self.clock
        let task = Task(executorPreference: effectExecutor) { [self] in
            await Effect.$taskClock.withValue(clock) {
                await body(run)
            }
            self.runEnded(run)
        }
        run.attach(task)
        return run
    }

    private func runEnded(_ run: EffectRun) {
        let waiters = shared.withLock { shared -> [CheckedContinuation<Void, Never>] in
            shared.runs[run.id] = nil
            guard shared.runs.isEmpty else { return [] }
            defer { shared.effectsEndedWaiters = [] }
            return shared.effectsEndedWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
