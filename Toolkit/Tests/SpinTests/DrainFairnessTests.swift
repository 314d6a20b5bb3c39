import Dispatch
import Spin
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A caller of `emit` does a bounded share of the work, whatever other threads emit meanwhile.
@Suite("Draining is fair to the caller")
struct DrainFairnessTests {
    /// The most events one caller reduces before handing the rest on (SpinCore.drainBudget).
    static let budget = 1_024

    /// Counts the events reduced on one thread, to tell the caller's share from the rest.
    final class ThreadShare: Sendable {
        private let owner = Atomic<UInt>(0)
        private let count = Atomic<Int>(0)
        func claim() { owner.store(UInt(pthread_self()), ordering: .relaxed) }
        func reduced() {
            if owner.load(ordering: .relaxed) == UInt(pthread_self()) { count.add(1, ordering: .relaxed) }
        }
        var events: Int { count.load(ordering: .relaxed) }
    }

    enum Event: Sendable { case start, flood(Int) }

    @Test("one emit returns after a bounded number of events while two threads flood the spin")
    func emitIsNotHeldHostage() async {
        let share = ThreadShare()
        let box = SpinBox<Int, Event>()
        let observed = Recorder<Int>()
        let floodSize = 20_000
        let spin = Spin(initialState: 0) {
            Feedback<Int, Event>(observe: { observed.append($0) })
            Reducer<Int, Event> { count, event in
                share.reduced()
                count += 1
                if case .start = event {
                    // Two producers flood the spin while this thread holds the drain token.
                    DispatchQueue.concurrentPerform(iterations: 2) { producer in
                        for value in 0..<floodSize / 2 { box.emit(.flood(producer * floodSize + value)) }
                    }
                }
            }
        }
        box.set(spin)
        spin.start()
        share.claim()
        spin.emit(.start)
        #expect(share.events <= Self.budget, "the caller reduced \(share.events) events")
        // Everything else is still reduced, and observers saw a state at least once per budget.
        #expect(await spin.firstState(where: { $0 == floodSize + 1 }) == floodSize + 1)
        let seen = observed.values
        let gaps = zip(seen, seen.dropFirst()).map { $1 - $0 }
        #expect((gaps.max() ?? 0) <= Self.budget, "observers missed \(gaps.max() ?? 0) events in a row")
    }

    @Test("a synchronous cascade keeps its order across hand-offs")
    func cascadeOrder() async {
        let box = SpinBox<[Int], Int>()
        let spin = Spin(initialState: [Int]()) { Reducer<[Int], Int> { values, next in
            values.append(next)
            if next < 5_000 { box.emit(next + 1) }
        } }
        box.set(spin)
        spin.start()
        spin.emit(1)
        let final = await spin.firstState(where: { $0.count == 5_000 })
        #expect(final == Array(1...5_000))
    }
}
