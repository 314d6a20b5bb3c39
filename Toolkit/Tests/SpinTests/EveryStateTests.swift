import Spin
import SpinTesting
import Testing

@Suite("Feedbacks see every state in order, starting with the initial state")
struct EveryStateTests {
    static let add = Reducer<Int, Int> { $0 + $1 }

    /// What a stream feedback, made by `feedback` around a recorder, saw of a spin of the sum of
    /// `emits` ones, once its effects had run.
    static func seen<Value: Sendable>(
        emits: Int,
        feedback: @escaping @Sendable (Recorder<Value>) -> Feedback<Int, Int>
    ) async -> [Value] {
        let executor = SerialEffectExecutor()
        let recorder = Recorder<Value>()
        let spin = makeTestSpin(initialState: 0, executor: executor) {
            feedback(recorder)
            Self.add
        }
        spin.start()
        for _ in 0..<emits { spin.emit(1) }
        await executor.waitUntilIdle()
        spin.stop()
        await spin.waitForEffects()
        return recorder.values
    }

    @Test("an every-state observer sees each state, the initial one first")
    func everyState() async {
        let seen = await Self.seen(emits: 3) { (recorder: Recorder<Int>) in
            Feedback(everyState: { recorder.append($0) })
        }
        #expect(seen == [0, 1, 2, 3])
    }

    @Test("an every-state observer's memory is kept from one state to the next")
    func remembering() async {
        // The memory is the previous state: each state is seen with the one before it.
        let seen = await Self.seen(emits: 3) { (recorder: Recorder<String>) in
            Feedback(remembering: Int?.none, everyState: { previous, state in
                recorder.append("\(previous.map(String.init) ?? "-")>\(state)")
                previous = state
            })
        }
        #expect(seen == ["->0", "0>1", "1>2", "2>3"])
    }

    @Test("a stream feedback sees every distinct value in order")
    func stateStream() async {
        let seen = await Self.seen(emits: 5) { (recorder: Recorder<Int>) in
            Feedback(distinct: { $0 }, stream: { states in
                states.compactMap { state -> Int? in
                    recorder.append(state)
                    return nil
                }
            })
        }
        #expect(seen == [0, 1, 2, 3, 4, 5])
    }

    @Test("a distinct-values feedback sees the query's values in order, each only when it changes")
    func distinctValues() async {
        // nil until 3, then a value per three states: nine states, three values.
        let seen = await Self.seen(emits: 8) { (recorder: Recorder<Int?>) in
            Feedback(distinct: { $0 >= 3 ? $0 / 3 : nil }, stream: { values in
                values.compactMap { value -> Int? in
                    recorder.append(value)
                    return nil
                }
            })
        }
        #expect(seen == [nil, 1, 2])
    }

    @Test("a react effect is called for every new request in order, even when each cancels the last")
    func perStateEffect() async {
        let executor = SerialEffectExecutor()
        let seen = Recorder<Int>()
        let spin = makeTestSpin(initialState: 0, executor: executor) {
            Feedback<Int, Int>.react(query: { $0 }, effects: { state in
                seen.append(state)
                return AsyncStream<Int> { $0.finish() }
            })
            Self.add
        }
        spin.start()
        for _ in 0..<5 { spin.emit(1) }
        #expect(seen.values == [0, 1, 2, 3, 4, 5])
        spin.stop()
        await spin.waitForEffects()
    }

    @Test("the spin's states sequence yields every state in order, from the initial state")
    func statesSequence() async {
        let spin = Spin(initialState: 0) { Self.add }
        let states = spin.states
        spin.start()
        for _ in 0..<5 { spin.emit(1) }
        spin.stop()
        var collected: [Int] = []
        for await state in states { collected.append(state) }
        #expect(collected == [0, 1, 2, 3, 4, 5])
    }

    @Test("a states subscription made while running begins with the current state")
    func lateSubscription() async {
        let spin = Spin(initialState: 0) { Self.add }
        spin.start()
        spin.emit(5)
        let states = spin.states
        spin.emit(1)
        spin.stop()
        var collected: [Int] = []
        for await state in states { collected.append(state) }
        #expect(collected == [5, 6])
    }
}
