#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own for a spin's effects, and the clock they wait on.
///
/// Effects run as tasks. On Linux the global concurrent executor and `Task.sleep` use
/// libdispatch's worker pool, which, once used, wakes the process once a second for ever to
/// watch its threads. An interactive program that must not wake up while idle gives its spin an
/// `EffectThread`: effect jobs (and actor hops inside them) run on this one thread, and sleeps on
/// its `clock` are timers of this thread, which waits on a condition variable when there is
/// nothing to do. No polling, no dispatch.
///
///     let effects = EffectThread()
///     let spin = Spin(initialState: state, definition: definition,
///                     clock: effects.clock, effectExecutor: effects)
public final class EffectThread: TaskExecutor, @unchecked Sendable {
    // Everything below is guarded by `mutex`.
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var jobs: [UnownedJob] = []
    private var jobHead = 0
    private var timers = TimerQueue()
    private var cancelledSleeps: Set<UInt64> = []
    private var nextSleepID: UInt64 = 0
    private var stopping = false
    private var lingerDeadline: Int64?
    /// Whether the thread is serving jobs; after `stop` it ends once idle for `linger`, and a
    /// job that comes later starts it again (a job is never lost).
    private var isThreadRunning = false
    /// How long the thread keeps serving after `stop` without a job before it ends.
    private let lingerNanoseconds: Int64
    private var threadsStarted = 0
    private var threadsDetached = 0

    /// Starts the thread. `speed` makes `clock` run that many times faster than real time
    /// (demos and end-to-end tests: a 10-second countdown in one second at speed 10).
    ///
    ///     let effects = EffectThread()
    ///     let spin = Spin(initialState: state, definition: definition, clock: effects.clock, effectExecutor: effects)
    ///     defer { effects.stop() }
    public convenience init(speed: Int = 1) {
        self.init(speed: speed, linger: .seconds(1))
    }

    /// - Parameter linger: how long the thread keeps serving jobs after `stop` before it ends.
    package init(speed: Int, linger: Duration) {
        self.speed = max(speed, 1)
        let (seconds, attoseconds) = linger.components
        self.lingerNanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&condition, &attributes)
        pthread_condattr_destroy(&attributes)
        pthread_mutex_init(&mutex, nil)
        origin = Self.monotonicNanoseconds()
        pthread_mutex_lock(&mutex)
        startThread()
        pthread_mutex_unlock(&mutex)
    }

    /// Starts the serving thread (with `mutex` held). The thread keeps this object alive while
    /// it runs and is detached: nobody joins it, and its resources go back when it ends.
    private func startThread() {
        isThreadRunning = true
        lingerDeadline = nil
        var thread = pthread_t()
        let unmanaged = Unmanaged.passRetained(self)
        pthread_create(&thread, nil, { argument in
            let effects = Unmanaged<EffectThread>.fromOpaque(argument!).takeRetainedValue()
            effects.runLoop()
            return nil
        }, unmanaged.toOpaque())
        if pthread_detach(thread) == 0 { threadsDetached += 1 }
        threadsStarted += 1
    }

    /// How many serving threads this effect thread has started, and how many of them were
    /// detached (their resources go back when they end); for tests.
    package var threadCounts: (started: Int, detached: Int) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return (threadsStarted, threadsDetached)
    }

    /// How many times faster than real time `clock` runs.
    public let speed: Int
    /// Real monotonic time when the thread started: the clock's zero.
    let origin: Int64

    /// The clock for the spin and its effects; its sleeps are this thread's timers.
    public var clock: EffectThreadClock { EffectThreadClock(thread: self) }

    /// Cancels the pending sleeps; the thread still runs the jobs of the tasks that wakes, and
    /// ends once no job has come for a second. A job enqueued later still runs (the thread
    /// starts again for it); sleeps started after `stop` end at once with `CancellationError`.
    ///
    ///     effects.stop()
    public func stop() {
        pthread_mutex_lock(&mutex)
        stopping = true
        let pending = timers.removeAll()
        pthread_cond_signal(&condition)
        pthread_mutex_unlock(&mutex)
        for timer in pending { timer.continuation.resume(throwing: CancellationError()) }
    }

    /// Runs `job` on this thread, in order of arrival (the executor side of `TaskExecutor`).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(&mutex)
        jobs.append(job)
        if isThreadRunning {
            pthread_cond_signal(&condition)
        } else {
            startThread()
        }
        pthread_mutex_unlock(&mutex)
    }

    /// Whether the serving thread is running now (it ends a while after `stop`).
    package var isServing: Bool {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return isThreadRunning
    }

    private func runLoop() {
        pthread_mutex_lock(&mutex)
        while true {
            if jobHead < jobs.count {
                lingerDeadline = nil
                let job = jobs[jobHead]
                jobHead += 1
                if jobHead == jobs.count { jobs.removeAll(keepingCapacity: true); jobHead = 0 }
                pthread_mutex_unlock(&mutex)
                job.runSynchronously(on: asUnownedTaskExecutor())
                pthread_mutex_lock(&mutex)
                continue
            }
            let now = Self.monotonicNanoseconds()
            let due = timers.removeDue(at: now)
            if !due.isEmpty {
                pthread_mutex_unlock(&mutex)
                for timer in due { timer.continuation.resume() }
                pthread_mutex_lock(&mutex)
                continue
            }
            if stopping {
                // Tasks woken by `stop` still have a job to run to see their CancellationError:
                // serve them, and end once no job has come for `linger`.
                let lingerEnd = lingerDeadline ?? now + lingerNanoseconds
                lingerDeadline = lingerEnd
                if now >= lingerEnd {
                    isThreadRunning = false
                    break
                }
                var time = timespec(tv_sec: Int(lingerEnd / 1_000_000_000), tv_nsec: Int(lingerEnd % 1_000_000_000))
                pthread_cond_timedwait(&condition, &mutex, &time)
                continue
            }
            if let deadline = timers.earliestDeadline {
                var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
                pthread_cond_timedwait(&condition, &mutex, &time)
            } else {
                pthread_cond_wait(&condition, &mutex)
            }
        }
        pthread_mutex_unlock(&mutex)
    }

    /// Suspends the calling task until the real monotonic time `deadline` (nanoseconds).
    func sleep(untilNanoseconds deadline: Int64) async throws {
        try Task.checkCancellation()
        pthread_mutex_lock(&mutex)
        nextSleepID &+= 1
        let id = nextSleepID
        pthread_mutex_unlock(&mutex)
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                pthread_mutex_lock(&mutex)
                if stopping || cancelledSleeps.remove(id) != nil {
                    pthread_mutex_unlock(&mutex)
                    continuation.resume(throwing: CancellationError())
                    return
                }
                timers.insert(TimerQueue.Timer(deadline: deadline, id: id, continuation: continuation))
                pthread_cond_signal(&condition)
                pthread_mutex_unlock(&mutex)
            }
        } onCancel: {
            pthread_mutex_lock(&mutex)
            let removed = timers.remove(id: id)
            if removed == nil { cancelledSleeps.insert(id) }  // not registered yet: refuse it then
            pthread_mutex_unlock(&mutex)
            removed?.continuation.resume(throwing: CancellationError())
        }
    }

    static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// Pending sleeps, earliest first.
struct TimerQueue {
    struct Timer {
        let deadline: Int64
        let id: UInt64
        let continuation: UnsafeContinuation<Void, any Error>
    }

    /// Sorted by deadline, then by order of arrival (a handful at a time: a sorted array is
    /// simpler and faster than a heap here).
    private var timers: [Timer] = []

    var earliestDeadline: Int64? { timers.first?.deadline }

    mutating func insert(_ timer: Timer) {
        let index = timers.firstIndex { $0.deadline > timer.deadline } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    mutating func remove(id: UInt64) -> Timer? {
        guard let index = timers.firstIndex(where: { $0.id == id }) else { return nil }
        return timers.remove(at: index)
    }

    mutating func removeDue(at now: Int64) -> [Timer] {
        let count = timers.prefix { $0.deadline <= now }.count
        defer { timers.removeFirst(count) }
        return Array(timers.prefix(count))
    }

    mutating func removeAll() -> [Timer] {
        defer { timers = [] }
        return timers
    }
}
