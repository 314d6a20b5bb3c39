import Dispatch
import Synchronization

/// Runs effect tasks one job at a time on a private queue and tells when nothing is left to run.
///
/// A test store hands it to its spin so that "let the effects run" has an exact meaning: wait
/// until every effect task has either ended or is suspended on something the test controls (the
/// test clock, a stream it feeds). No sleeping, no guessing with yields.
///
///     let executor = SerialEffectExecutor()
///     spin.emit(.load)               // starts an effect on the executor
///     await executor.waitUntilIdle() // the effect ran as far as it can
package final class SerialEffectExecutor: TaskExecutor {
    private struct Activity {
        var queuedOrRunning = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let queue = DispatchQueue(label: "spin.testing.effects")
    private let activity = Mutex(Activity())

    package init() {}

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        activity.withLock { $0.queuedOrRunning += 1 }
        queue.async { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
            let waiters = activity.withLock { activity -> [CheckedContinuation<Void, Never>] in
                activity.queuedOrRunning -= 1
                guard activity.queuedOrRunning == 0 else { return [] }
                defer { activity.idleWaiters = [] }
                return activity.idleWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Returns once no job is queued or running.
    package func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = activity.withLock { activity -> Bool in
                guard activity.queuedOrRunning > 0 else { return true }
                activity.idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }
}
