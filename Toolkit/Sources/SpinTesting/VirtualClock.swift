import Spin
import Synchronization

/// A clock that moves only when a test moves it, and knows who sleeps until when.
///
/// Sleepers wait on continuations of its own: advancing resumes the ones that are due, in
/// order of deadline, and nothing else (no yielding loops, no detached tasks), so a tick of
/// virtual time costs microseconds.
///
///     let clock = VirtualClock()
///     Task { try await clock.sleep(for: .seconds(3)); print("3 s later") }
///     clock.wake(until: clock.now.advanced(by: .seconds(3)))
public final class VirtualClock: Clock, Sendable {
    /// Durations of virtual time.
    public typealias Duration = Swift.Duration

    /// A point of virtual time: the time passed since the clock was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Virtual time since the clock was made.
        public var offset: Duration

        /// An instant `offset` after the clock's start.
        ///
        ///     VirtualClock.Instant(offset: .seconds(3))
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later (InstantProtocol).
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The time from this instant to `other` (InstantProtocol).
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether `left` comes before `right` (InstantProtocol).
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
        /// The offset, as "3.0 seconds".
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: UnsafeContinuation<Void, any Error>
    }

    private struct Timeline {
        var now = Instant(offset: .zero)
        /// Sorted by deadline, then by order of arrival.
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// Sleeps cancelled before they were registered: refused when they register.
        var cancelled: Set<UInt64> = []
    }

    private let timeline = Lock(Timeline())

    /// A clock at time zero with no sleeper.
    ///
    ///     let clock = VirtualClock()
    public init() {}

    /// The current virtual time; it moves only with `wake(until:)`.
    public var now: Instant { timeline.withLock { $0.now } }
    /// Zero: virtual time has no granularity (Clock).
    public var minimumResolution: Duration { .zero }

    /// The earliest deadline of the sleeps in progress.
    public var earliestDeadline: Instant? { timeline.withLock { $0.sleepers.first?.deadline } }

    /// The deadlines of the sleeps in progress, earliest first (for failure messages).
    public var pendingDeadlines: [Instant] { timeline.withLock { $0.sleepers.map(\.deadline) } }

    /// Suspends the task until the clock is moved to `deadline` or past it.
    ///
    ///     try await clock.sleep(for: .seconds(1))
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = timeline.withLock { timeline -> UInt64 in
            timeline.nextID += 1
            return timeline.nextID
        }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                enum Outcome { case wait, wake, refuse }
                let outcome = timeline.withLock { timeline -> Outcome in
                    if timeline.cancelled.remove(id) != nil { return .refuse }
                    if deadline <= timeline.now { return .wake }
                    let index = timeline.sleepers.firstIndex { $0.deadline > deadline } ?? timeline.sleepers.endIndex
                    timeline.sleepers.insert(Sleeper(id: id, deadline: deadline, continuation: continuation), at: index)
                    return .wait
                }
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .refuse: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let removed = timeline.withLock { timeline -> Sleeper? in
                guard let index = timeline.sleepers.firstIndex(where: { $0.id == id }) else {
                    timeline.cancelled.insert(id)
                    return nil
                }
                return timeline.sleepers.remove(at: index)
            }
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock to `instant` (never backwards) and wakes every sleep due by then, earliest
    /// first. The woken tasks run on their executors; this call does not wait for them.
    public func wake(until instant: Instant) {
        let due = timeline.withLock { timeline -> [Sleeper] in
            if instant > timeline.now { timeline.now = instant }
            let count = timeline.sleepers.prefix { $0.deadline <= timeline.now }.count
            defer { timeline.sleepers.removeFirst(count) }
            return Array(timeline.sleepers.prefix(count))
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
