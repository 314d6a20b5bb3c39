import Dispatch
import Spin
import Synchronization

/// Runs effect tasks one job at a time on a private queue and tells when nothing is left to run.
///
/// A test store hands it to its spin so that "let the effects run" has an exact meaning: wait
/// until every effect task has either ended or is suspended on something the test controls (the
/// virtual clock, a stream it feeds). No sleeping, no guessing with yields.
///
///     let executor = SerialEffectExecutor()
///     spin.emit(.load)               // starts an effect on the executor
///     await executor.waitUntilIdle() // the effect ran as far as it can
public final class SerialEffectExecutor: TaskExecutor {
    private struct Activity {
        var queuedOrRunning = 0
        var nextWaiterID = 0
        var idleWaiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    private let queue = DispatchQueue(label: "spin.testing.effects")
    private let activity = Lock(Activity())

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        activity.withLock { $0.queuedOrRunning += 1 }
        queue.async { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
            let waiters = activity.withLock { activity -> [CheckedContinuation<Bool, Never>] in
                activity.queuedOrRunning -= 1
                guard activity.queuedOrRunning == 0 else { return [] }
                defer { activity.idleWaiters = [:] }
                return Array(activity.idleWaiters.values)
            }
            for waiter in waiters { waiter.resume(returning: true) }
        }
    }

    /// How many jobs are queued or running now (a job asking counts itself).
    package var jobsQueuedOrRunning: Int { activity.withLock { $0.queuedOrRunning } }

    /// Whether a job is queued or running now.
    package var isBusy: Bool { activity.withLock { $0.queuedOrRunning > 0 } }

    /// Returns once no job is queued or running.
    package func waitUntilIdle() async {
        _ = await waitUntilIdle(deadline: nil)
    }

    /// Returns true once no job is queued or running, false if `deadline` (real time) passes
    /// first: a job that never ends (an effect blocking its thread) cannot hang a test. Called
    /// from a job of this executor, it returns once every other job has run.
    package func waitUntilIdle(deadline: ContinuousClock.Instant?) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id = activity.withLock { activity -> Int? in
                guard activity.queuedOrRunning > 0 else { return nil }
                activity.nextWaiterID += 1
                activity.idleWaiters[activity.nextWaiterID] = continuation
                return activity.nextWaiterID
            }
            guard let id else { return continuation.resume(returning: true) }
            guard let deadline else { return }
            let delay = ContinuousClock.now.duration(to: deadline)
            let nanoseconds = max(delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000, 0)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
                let waiter = activity.withLock { $0.idleWaiters.removeValue(forKey: id) }
                waiter?.resume(returning: false)
            }
        }
    }
}
