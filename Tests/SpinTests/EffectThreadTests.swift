import Glibc
import Synchronization
import Testing
@testable import Spin

/// The real effect thread and its clock. Time is real here (that is what is tested), so the
/// clock runs 1,000 times faster: a "second" lasts a millisecond.
@Suite("Effect thread")
struct EffectThreadTests {
    @Test("sleeps wake in the order of their deadlines, whatever the order they started in")
    func deadlineOrder() async throws {
        let effects = EffectThread(speed: 1000)
        defer { effects.stop() }
        let order = Recorder<Int>()
        await withTaskGroup(of: Void.self) { group in
            for seconds in [3, 1, 2] {
                group.addTask(executorPreference: effects) {
                    try? await effects.clock.sleep(for: .seconds(seconds))
                    order.append(seconds)
                }
            }
        }
        #expect(order.values == [1, 2, 3])
    }

    @Test("the clock runs `speed` times faster than real time")
    func speed() async throws {
        let effects = EffectThread(speed: 1000)
        defer { effects.stop() }
        let clock = effects.clock
        let fiveSeconds = EffectThreadClock.Instant(offset: .seconds(5))
        #expect(clock.realNanoseconds(at: fiveSeconds) - effects.origin == 5_000_000)
        let start = clock.now
        try await clock.sleep(for: .seconds(5))
        #expect(start.duration(to: clock.now) >= .seconds(5))
    }

    @Test("a cancelled sleep ends at once with CancellationError")
    func cancellation() async {
        let effects = EffectThread()
        defer { effects.stop() }
        let task = Task(executorPreference: effects) {
            try await effects.clock.sleep(for: .seconds(3600))
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("jobs run on the effect thread, not the caller's")
    func ownThread() async {
        let effects = EffectThread()
        defer { effects.stop() }
        let caller = UInt(pthread_self())
        let job = Task(executorPreference: effects) {
            var seen = Set<UInt>()
            for _ in 0..<3 {
                seen.insert(UInt(pthread_self()))
                await Task.yield()
            }
            return seen
        }
        let threads = await job.value
        #expect(threads.count == 1)
        #expect(!threads.contains(caller))
    }

    @Test("stop cancels the sleeps still pending")
    func stopCancels() async {
        let effects = EffectThread()
        let task = Task(executorPreference: effects) {
            try await effects.clock.sleep(for: .seconds(3600))
        }
        await Task.yield()
        effects.stop()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("a task that starts sleeping just after stop still ends, with CancellationError")
    func sleepAfterStop() async {
        let effects = EffectThread()
        effects.stop()
        let task = Task(executorPreference: effects) {
            try await effects.clock.sleep(for: .seconds(3600))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
