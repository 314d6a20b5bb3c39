/// The clock of an `EffectThread`: monotonic time since the thread started, running `speed`
/// times faster than real time. Sleeping on it is a timer of that thread.
public struct EffectThreadClock: Clock {
    public struct Instant: InstantProtocol {
        /// Time since the thread started, in the clock's (possibly sped-up) time.
        public var offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    let thread: EffectThread

    public var now: Instant {
        let real = EffectThread.monotonicNanoseconds() - thread.origin
        return Instant(offset: .nanoseconds(real) * thread.speed)
    }

    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await thread.sleep(untilNanoseconds: realNanoseconds(at: deadline))
    }

    /// The real monotonic time (nanoseconds) at which this clock shows `instant`.
    func realNanoseconds(at instant: Instant) -> Int64 {
        let (seconds, attoseconds) = (instant.offset / thread.speed).components
        return thread.origin + seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
