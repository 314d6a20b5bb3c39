import Foundation
import Glibc
import Synchronization
import SpinTesting
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
        // Deadlines from one instant: however late a task starts on a loaded machine, the
        // order of the deadlines stays 1, 2, 3.
        let start = effects.clock.now.advanced(by: .seconds(20))
        await withTaskGroup(of: Void.self) { group in
            for seconds in [3, 1, 2] {
                group.addTask(executorPreference: effects) {
                    try? await effects.clock.sleep(until: start.advanced(by: .seconds(seconds)))
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

@Suite("Effect thread after stop")
struct EffectThreadAfterStopTests {
    /// Waits (really: the thread's linger is real time) until the serving thread has ended.
    static func waitUntilEnded(_ effects: EffectThread, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        await eventually("the thread ended after stop", sourceLocation: sourceLocation) { !effects.isServing }
    }

    /// Enqueues a job and tells whether it ran. Real time: the job either runs at once or never,
    /// and a lost job must fail the test, not hang it.
    static func runsAJob(on effects: EffectThread) async throws -> Bool {
        let ran = Atomic<Bool>(false)
        Task(executorPreference: effects) { ran.store(true, ordering: .releasing) }
        return await eventually("the job ran") { ran.load(ordering: .acquiring) }
    }

    @Test("a job enqueued after the thread has ended still runs")
    func jobAfterTheThreadEnded() async throws {
        let effects = EffectThread(speed: 1, linger: .milliseconds(5))
        effects.stop()
        try await Self.waitUntilEnded(effects)
        #expect(try await Self.runsAJob(on: effects), "the job was lost")
    }

    @Test("every serving thread is detached, so an ended one gives its stack back, restarts included")
    func threadsAreDetached() async throws {
        let effects = EffectThread(speed: 1, linger: .milliseconds(1))
        effects.stop()
        try await Self.waitUntilEnded(effects)
        // A job after the end starts the thread again: that one too must be detached.
        #expect(try await Self.runsAJob(on: effects))
        try await Self.waitUntilEnded(effects)
        let counts = effects.threadCounts
        #expect(counts.started == 2)
        #expect(counts.detached == counts.started, "a thread that is neither joined nor detached keeps its 8 MiB stack")
    }
}
