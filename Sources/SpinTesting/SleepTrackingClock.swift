import Clocks
import Synchronization

/// A `TestClock` seen through a wrapper that records who is sleeping until when.
///
/// Advancing a test clock by 10 seconds in one step would wake a countdown once, too late for
/// its next tick. Knowing the pending deadlines lets a test store advance from one deadline to
/// the next and let the effects run in between, exactly as real time would.
package struct SleepTrackingClock: Clock {
    package typealias Duration = Swift.Duration
    package typealias Instant = TestClock<Duration>.Instant

    package let base: TestClock<Duration>
    package let sleepers = Sleepers()

    package init(base: TestClock<Duration>) {
        self.base = base
    }

    package var now: Instant { base.now }
    package var minimumResolution: Duration { base.minimumResolution }

    package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let id = sleepers.add(deadline)
        defer { sleepers.remove(id) }
        try await base.sleep(until: deadline, tolerance: tolerance)
    }

    /// The deadlines of the sleeps in progress.
    package final class Sleepers: Sendable {
        private struct Registry {
            var deadlines: [UInt64: Instant] = [:]
            var nextID: UInt64 = 0
        }

        private let registry = Mutex(Registry())

        package var earliestDeadline: Instant? { registry.withLock { $0.deadlines.values.min() } }

        func add(_ deadline: Instant) -> UInt64 {
            registry.withLock { registry in
                registry.nextID += 1
                registry.deadlines[registry.nextID] = deadline
                return registry.nextID
            }
        }

        func remove(_ id: UInt64) {
            registry.withLock { _ = $0.deadlines.removeValue(forKey: id) }
        }
    }
}
