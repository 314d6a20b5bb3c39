import Dispatch
import Spin
import SpinTesting
import Testing

@Suite("Start and stop")
struct LifecycleTests {
    enum Event: Sendable { case add(Int) }

    /// A spin with one feedback of each asynchronous kind, each counting its live tasks.
    func makeBusySpin(counter: TaskCounter, executor: SerialEffectExecutor) -> Spin<Int, Event> {
        /// An effect that never ends on its own.
        @Sendable func endless() async -> Event? {
            counter.enter()
            defer { counter.leave() }
            try? await Effect.sleep(for: .seconds(3_600))
            return nil
        }
        return makeTestSpin(initialState: 0, executor: executor) {
            Feedback<Int, Event>.react(query: { $0 }, effects: { (_: Int) in await endless() })
            Feedback<Int, Event>.react(requests: { Set(0...$0) }, effects: { (_: Int) in await endless() })
            Feedback<Int, Event>(distinct: { $0 }, stream: { states in
                AsyncStream<Event>(unfolding: {
                    counter.enter()
                    for await _ in states {}
                    counter.leave()
                    return nil
                })
            })
            Reducer<Int, Event> { count, event in
                switch event { case .add(let value): count + value }
            }
        }
    }

    @Test("stopping cancels every effect and no task outlives the spin")
    func stopEndsEveryTask() async {
        let counter = TaskCounter()
        let executor = SerialEffectExecutor()
        let spin = makeBusySpin(counter: counter, executor: executor)
        spin.start()
        spin.emit(.add(1))
        spin.emit(.add(1))
        await executor.waitUntilIdle()
        #expect(counter.alive == 5)   // 1 react + 3 keyed + 1 stream
        spin.stop()
        await spin.waitForEffects()
        #expect(counter.alive == 0)
    }

    @Test("a stopped spin runs no effect and ignores events")
    func stoppedSpinRunsNothing() async {
        let counter = TaskCounter()
        let executor = SerialEffectExecutor()
        let spin = makeBusySpin(counter: counter, executor: executor)
        let states = spin.states
        spin.start()
        await executor.waitUntilIdle()
        spin.stop()
        await spin.waitForEffects()
        let started = counter.started
        spin.emit(.add(1))
        spin.start()
        await executor.waitUntilIdle()
        #expect(counter.started == started)
        #expect(counter.alive == 0)
        #expect(!spin.isRunning)
        var seen: [Int] = []
        for await state in states { seen.append(state) }
        #expect(seen == [0])
    }

    @Test("stopping while threads emit: the spin ends, its states finish, later events are ignored")
    func stopWhileEmitting() async {
        let spin = Spin(initialState: 0) {
            Feedback<Int, Event>(observe: { _ in })
            Reducer<Int, Event> { count, event in
                switch event { case .add(let value): count += value }
            }
        }
        spin.start()
        let states = spin.states
        // The stop lands while other threads take and give back the drain token.
        DispatchQueue.concurrentPerform(iterations: 3) { thread in
            if thread == 0 {
                for _ in 0..<2_000 { spin.emit(.add(1)) }
                spin.stop()
            } else {
                for _ in 0..<10_000 { spin.emit(.add(1)) }
            }
        }
        #expect(!spin.isRunning)
        // Events still queued when it stopped are dropped: the states only ever grow, then end.
        var seen = [Int]()
        for await state in states { seen.append(state) }
        #expect(seen == seen.sorted())
        spin.emit(.add(1))
        #expect(await spin.currentState() == nil)
    }

    @Test("start and stop are idempotent")
    func idempotent() async {
        let renders = Recorder<Int>()
        let spin = Spin(initialState: 0) {
            Feedback<Int, Int>(observe: { renders.append($0) })
            Reducer<Int, Int> { $0 + $1 }
        }
        spin.start()
        spin.start()
        #expect(spin.isRunning)
        spin.emit(1)
        spin.stop()
        spin.stop()
        #expect(renders.values == [0, 1])
        #expect(!spin.isRunning)
    }

    @Test("events emitted before start are reduced once it starts")
    func emitBeforeStart() async {
        let spin = Spin(initialState: [Int]()) { Reducer<[Int], Int> { $0 + [$1] } }
        spin.emit(1)
        spin.emit(2)
        spin.start()
        #expect(await spin.currentState() == [1, 2])
    }

    @Test("releasing a spin stops it and cancels its effects")
    func releaseStops() async {
        let counter = TaskCounter()
        let executor = SerialEffectExecutor()
        var spin: Spin<Int, Event>? = makeBusySpin(counter: counter, executor: executor)
        spin?.start()
        await executor.waitUntilIdle()
        #expect(counter.alive > 0)
        spin = nil
        await executor.waitUntilIdle()
        #expect(counter.alive == 0)
    }
}
