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
        var floodEvents: Int
        var longestUnobserved: Int
    }

    let duration: Duration

    func measure() async -> Result {
        let observed = Mutex((last: 0, longestGap: 0))
        let spin = Spin(initialState: Counter()) {
            Feedback<Counter, CounterEvent>(observe: { counter in
                observed.withLock { $0.longestGap = max($0.longestGap, counter.count - $0.last); $0.last = counter.count }
            })
            Reducer<Counter, CounterEvent>(reduceCounter)
        }
        spin.start()
        let stop = Atomic<Bool>(false)
        let flooded = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        for _ in 0..<2 {
            Thread.detachNewThread {
                var count = 0
                while !stop.load(ordering: .relaxed) {
                    for index in 0..<256 { spin.emit(.counted(index)) }
                    count += 256
                }
                flooded.add(count, ordering: .relaxed)
                finished.add(1, ordering: .releasing)
            }
        }
        // The UI thread: one event every millisecond, as key presses and wake-ups come.
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        let end = clock.now.advanced(by: duration)
        while clock.now < end {
            latencies.append(clock.measure { spin.emit(.counted(0)) })
            usleep(1_000)
        }
        stop.store(true, ordering: .relaxed)
        while finished.load(ordering: .acquiring) < 2 { usleep(1_000) }
        _ = await spin.currentState()
        spin.stop()
        latencies.sort()
        let p99 = latencies.isEmpty ? .zero : latencies[min(latencies.count - 1, latencies.count * 99 / 100)]
        return Result(uiEmits: latencies.count, worst: latencies.last ?? .zero, p99: p99,
                      floodEvents: flooded.load(ordering: .relaxed),
                      longestUnobserved: observed.withLock { $0.longestGap })
    }
}
