import Clocks

/// Time a test controls: a `TestClock` whose sleepers are tracked, and a serial executor for
/// the effects, so that "advance 10 s" wakes every sleeper at its own deadline, in order, and
/// lets the effects run in between, exactly as real time would, in microseconds.
///
///     let time = VirtualTime()
///     let spin = Spin(..., clock: time.clock, effectExecutor: time.executor)
///     await time.advance(by: .seconds(3))
package final class VirtualTime: Sendable {
    package let testClock: TestClock<Duration>
    /// The clock to give the spin and anything its effects wait on.
    package let clock: SleepTrackingClock
    /// The executor to give the spin's effects.
    package let executor = SerialEffectExecutor()

    package init(testClock: TestClock<Duration> = TestClock()) {
        self.testClock = testClock
        self.clock = SleepTrackingClock(base: testClock)
    }

    /// Waits until every effect has ended or waits on something the test controls.
    package func settle() async {
        await executor.waitUntilIdle()
    }

    /// Moves time forward by `duration`, stopping at each sleeper's deadline on the way and
    /// calling `settled` each time the effects have run. Returns false if effects kept sleeping
    /// without time passing (a runaway loop).
    @discardableResult
    package func advance(by duration: Duration, settled: () -> Void = {}) async -> Bool {
        await settle()
        settled()
        let target = testClock.now.advanced(by: duration)
        var wakeUps = 0
        while let deadline = clock.sleepers.earliestDeadline, deadline <= target {
            wakeUps += 1
            if wakeUps > 10_000 { return false }
            await testClock.advance(to: deadline)
            await settle()
            settled()
        }
        await testClock.advance(to: target)
        await settle()
        settled()
        return true
    }
}
