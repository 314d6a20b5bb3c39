import Dispatch
import Spin
import Synchronization
import Testing

@Suite("Events are reduced one at a time, in FIFO order")
struct OrderingTests {
    @Test("events emitted from outside are reduced in the order they were emitted")
    func fifo() async {
        let spin = Spin(initialState: [Int]()) { Reducer<[Int], Int> { $0.append($1) } }
        spin.start()
        for value in 0..<1_000 { spin.emit(value) }
        #expect(await spin.currentState() == Array(0..<1_000))
    }

    @Test("an input decided at its turn sees the state the events before it left; nil ignores it")
    func decidedAtItsTurn() async {
        let reduced = Recorder<Int>()
        let spin = Spin(initialState: [Int]()) {
            Feedback<[Int], Int>(observe: { _ in })
            Reducer<[Int], Int> { values, value in values.append(value); reduced.append(value) }
        }
        spin.emit(1)
        spin.emit(decidedBy: { state in state.count * 10 })   // after 1: 10
        spin.emit(decidedBy: { _ in nil })                    // ignored
        spin.emit(2)
        spin.emit(decidedBy: { state in state.last.map { $0 + 100 } })   // after 2: 102
        spin.start()
        #expect(await spin.currentState() == [1, 10, 2, 102])
        #expect(reduced.values == [1, 10, 2, 102], "the reducer sees the decided events only")
    }

    @Test("events emitted from several threads keep each thread's order")
    func fifoPerProducer() async {
        let spin = Spin(initialState: [Int: [Int]]()) { Reducer<[Int: [Int]], (producer: Int, value: Int)> { $0[$1.producer, default: []].append($1.value) } }
        spin.start()
        await withTaskGroup(of: Void.self) { group in
            for producer in 0..<4 {
                group.addTask { for value in 0..<2_000 { spin.emit((producer, value)) } }
            }
        }
        let state = await spin.currentState() ?? [:]
        for producer in 0..<4 { #expect(state[producer] == Array(0..<2_000)) }
    }

    @Test("threads emitting into an idle spin take turns: each event reduced once, one at a time, each thread's order kept")
    func idleSpinContended() async {
        struct Tally: Sendable { var count = 0; var last = [Int](repeating: -1, count: 4); var outOfOrder = 0 }
        let reducing = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let observed = Atomic<Int>(0)
        let perProducer = 20_000
        let spin = Spin(initialState: Tally()) {
            Feedback<Tally, (producer: Int, value: Int)>(observe: { _ in observed.add(1, ordering: .relaxed) })
            Reducer<Tally, (producer: Int, value: Int)> { tally, event in
                if reducing.exchange(true, ordering: .acquiringAndReleasing) { overlaps.add(1, ordering: .relaxed) }
                if event.value != tally.last[event.producer] + 1 { tally.outOfOrder += 1 }
                tally.last[event.producer] = event.value
                tally.count += 1
                reducing.store(false, ordering: .releasing)
            }
        }
        spin.start()
        // Most emits find the spin idle and take the drain token themselves; the others queue
        // behind whoever holds it, or find it given back meanwhile.
        DispatchQueue.concurrentPerform(iterations: 4) { producer in
            for value in 0..<perProducer { spin.emit((producer, value)) }
        }
        let final = await spin.firstState(where: { $0.count == 4 * perProducer })
        #expect(final?.count == 4 * perProducer)
        #expect(final?.outOfOrder == 0)
        #expect(final?.last == Array(repeating: perProducer - 1, count: 4))
        #expect(overlaps.load(ordering: .relaxed) == 0, "two reduces overlapped")
        #expect(observed.load(ordering: .relaxed) > 0)
    }

    @Test("an event emitted while reducing is queued, never reduced recursively")
    func emittedWhileReducingIsQueued() async {
        enum Step: Sendable { case first, second }
        let trace = Recorder<String>()
        let box = SpinBox<Int, Step>()
        let spin = Spin(initialState: 0) { Reducer<Int, Step> { count, step in
            switch step {
            case .first:
                trace.append("begin first")
                box.emit(.second)   // impure on purpose: it must only queue
                trace.append("end first")
            case .second:
                trace.append("second")
            }
            count += 1
        } }
        box.set(spin)
        spin.start()
        spin.emit(.first)
        #expect(trace.values == ["begin first", "end first", "second"])
        #expect(await spin.currentState() == 2)
    }

    @Test("a synchronous cascade of 100,000 events emitted by the reducer completes without stack overflow")
    func cascadeFromReducer() async {
        let box = SpinBox<Int, Int>()
        let done = Signal()
        let spin = Spin(initialState: 0) { Reducer<Int, Int> { count, next in
            count = next
            if next < 100_000 { box.emit(next + 1) } else { done.fire() }
        } }
        box.set(spin)
        spin.start()
        spin.emit(1)
        await done.wait()
        #expect(await spin.currentState() == 100_000)
    }

    @Test("a cascade of 100,000 events emitted by an observer completes without stack overflow")
    func cascadeFromObserver() async {
        let done = Signal()
        let spin = Spin(initialState: 0) {
            Feedback<Int, Int>(observe: { count, emit in
                if count < 100_000 { emit(count + 1) } else { done.fire() }
            })
            Reducer<Int, Int> { _, next in next }
        }
        spin.start()
        await done.wait()
        #expect(await spin.currentState() == 100_000)
    }

    @Test("a large state is reduced in place, never copied by the runtime")
    func reducesInPlace() async {
        final class Storage: Sendable {}
        struct Big: Sendable { var storage = Storage(); var count = 0 }
        let uniqueness = Recorder<Bool>()
        let spin = Spin(initialState: Big()) {
            Feedback<Big, Int>.react(query: { $0.count < 0 ? $0.count : nil }) { _ in AsyncStream<Int> { $0.finish() } }
            Reducer<Big, Int> { (state: inout Big, _: Int) in
                uniqueness.append(isKnownUniquelyReferenced(&state.storage))
                state.count += 1
            }
        }
        spin.start()
        for value in 0..<100 { spin.emit(value) }
        #expect(uniqueness.values == Array(repeating: true, count: 100))
    }
}
