/// Time a test controls: a `VirtualClock` and a serial executor for the effects, so that
/// "advance 10 s" wakes every sleeper at its own deadline, in order, and lets the effects run in
/// between, exactly as real time would, in microseconds per tick.
///
///     let time = VirtualTime()
///     let spin = Spin(..., clock: time.clock, effectExecutor: time.executor)
///     await time.advance(by: .seconds(3))
public final class VirtualTime: Sendable {
    /// The clock to give the spin and anything its effects wait on.
    public let clock: VirtualClock
    /// The executor to give the spin's effects.
    public let executor = SerialEffectExecutor()

    public init(clock: VirtualClock = VirtualClock()) {
        self.clock = clock
    }

    /// Waits until every effect has ended or waits on something the test controls. Effects that
    /// hop to the main actor are waited for too. Returns false if the effects were still busy
    /// when `timeout` (real time; nil waits as long as it takes) ran out.
    @discardableResult
    public func settle(timeout: Duration? = nil) async -> Bool {
        await withTaskExecutorPreference(executor) { await settleOnExecutor(timeout: timeout) }
    }

    /// `settle`, run as a job of the effects' executor: the job itself counts as one.
    private func settleOnExecutor(timeout: Duration?) async -> Bool {
        let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
        while true {
            guard await executor.waitUntilIdle(deadline: deadline) else { return false }
            // Jobs an effect queued on the main actor run before this one (the main queue is
            // FIFO); whatever they hand back to the effects' executor is queued behind us.
            await MainActor.run {}
            if executor.jobsQueuedOrRunning <= 1 { return true }
        }
    }

    /// Moves time forward by `duration`, stopping at each sleeper's deadline on the way and
    /// calling `settled` each time the effects have run. Returns false if effects kept sleeping
    /// without time passing (a runaway loop).
    @discardableResult
    public func advance(by duration: Duration, settled: () -> Void = {}) async -> Bool {
        // Stepping from the effects' own thread: a woken effect runs right after this job on the
        // same thread, and this loop goes on right after it, without a thread switch per tick.
        await withTaskExecutorPreference(executor) {
            await step(by: duration, settled: settled)
        }
    }

    private func step(by duration: Duration, settled: () -> Void) async -> Bool {
        // `settle` below runs on the executor too (the nested preference is the same one).
        await settle()
        settled()
        let target = clock.now.advanced(by: duration)
        var wakeUps = 0
        while let deadline = clock.earliestDeadline, deadline <= target {
            wakeUps += 1
            if wakeUps > 100_000 { return false }
            clock.wake(until: deadline)
            await settle()
            settled()
        }
        clock.wake(until: target)
        await settle()
        settled()
        return true
    }
}
