import Foundation
import Spin
import Synchronization

/// The worst time one `emit` from a UI thread takes while two other threads flood the spin, and
/// the most events reduced between two observer calls (how long the screen went without a
/// state). A caller reduces at most a bounded share before handing the rest on, so neither grows
/// with the flood.
struct FloodLatency {
    struct Result {
        var uiEmits: Int
        var worst: Duration
        var p99: Duration
        /// CPU time the UI thread spent inside its worst `emit`: the work it was made to do
        /// (reducing other threads' events), without the time the OS gave other threads.
        var worstCPU: Duration
        var floodEvents: Int
        var longestUnobserved: Int
    }

    let duration: Duration
    /// The most events one caller reduces (`Int.max`: the behaviour before the budget).
    let drainBudget: Int

    func measure() async -> Result {
        let observed = Mutex((last: 0, longestGap: 0))
        let observer = Feedback<Counter, CounterEvent>(observe: { counter in
            observed.withLock { $0.longestGap = max($0.longestGap, counter.count - $0.last); $0.last = counter.count }
        })
        let spin = Spin(
            initialState: Counter(),
            definition: SpinDefinition(feedbacks: [observer], reducer: Reducer(reduceCounter)),
            clock: ContinuousClock(), effectExecutor: nil, onReduce: nil, drainBudget: drainBudget
        )
        spin.start()
        let flooded = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: duration)
        // The flood ends at the deadline by itself: with no budget the UI thread's emit can be
        // kept draining for as long as the flood lasts, so it cannot be the one to stop it.
        for _ in 0..<2 {
            Thread.detachNewThread {
                var count = 0
                while clock.now < end {
                    for index in 0..<256 { spin.emit(.counted(index)) }
                    count += 256
                }
                flooded.add(count, ordering: .relaxed)
                finished.add(1, ordering: .releasing)
            }
        }
        // The UI thread: one event every millisecond, as key presses and wake-ups come.
        var latencies: [Duration] = []
        var worstCPU = Duration.zero
        while clock.now < end {
            let cpuBefore = Self.threadCPUTime()
            latencies.append(clock.measure { spin.emit(.counted(0)) })
            worstCPU = max(worstCPU, Self.threadCPUTime() - cpuBefore)
            usleep(1_000)
        }
        while finished.load(ordering: .acquiring) < 2 { usleep(1_000) }
        _ = await spin.currentState()
        spin.stop()
        latencies.sort()
        let p99 = latencies.isEmpty ? .zero : latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        return Result(uiEmits: latencies.count, worst: latencies.last ?? .zero, p99: p99, worstCPU: worstCPU,
                      floodEvents: flooded.load(ordering: .relaxed),
                      longestUnobserved: observed.withLock { $0.longestGap })
    }

    /// CPU time used by the calling thread so far.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
