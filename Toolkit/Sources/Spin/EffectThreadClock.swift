/// The clock of an `EffectThread`: monotonic time since the thread started, running `speed`
/// times faster than real time. Sleeping on it is a timer of that thread.
public struct EffectThreadClock: Clock {
    /// A point of the clock's time: the (sped-up) time since the thread started.
    ///
    ///     let deadline = effects.clock.now.advanced(by: .seconds(3))
    public struct Instant: InstantProtocol {
        /// Time since the thread started, in the clock's (possibly sped-up) time.
        public var offset: Duration

        /// The instant `duration` later (InstantProtocol).
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other` (InstantProtocol).
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `left` comes before `right` (InstantProtocol).
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    let thread: EffectThread

    /// The current instant, read from the monotonic clock.
    ///
    ///     let started = effects.clock.now
    public var now: Instant {
        let real = EffectThread.monotonicNanoseconds() - thread.origin
        return Instant(offset: .nanoseconds(real) * thread.speed)
    }

    /// One nanosecond (Clock).
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends the task until `deadline`, as a timer of the effect thread (no other thread wakes).
    ///
    ///     try await effects.clock.sleep(for: .seconds(3))
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await thread.sleep(untilNanoseconds: realNanoseconds(at: deadline))
    }

    /// The real monotonic time (nanoseconds) at which this clock shows `instant`.
    func realNanoseconds(at instant: Instant) -> Int64 {
        let (seconds, attoseconds) = (instant.offset / thread.speed).components
        return thread.origin + seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
