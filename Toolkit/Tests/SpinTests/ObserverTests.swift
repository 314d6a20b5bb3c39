import Spin
import Testing

@Suite("Observers render once per batch")
struct ObserverTests {
    @Test("an observer sees the initial state, then the latest state once per drained batch")
    func oneRenderPerBatch() async {
        let renders = Recorder<Int>()
        let spin = Spin(initialState: 0) {
            Feedback<Int, Int>(observe: { count, emit in
                renders.append(count)
                // Three events emitted during a render form one batch: one more render, not three.
                if count == 0 { for _ in 0..<3 { emit(1) } }
            })
            Reducer<Int, Int> { $0 + $1 }
        }
        spin.start()
        #expect(renders.values == [0, 3])
    }

    @Test("events emitted by an observer are queued behind the render, not reduced inside it")
    func observerEmitsAreQueued() async {
        let trace = Recorder<String>()
        let spin = Spin(initialState: 0) {
            Feedback<Int, Int>(observe: { count, emit in
                trace.append("render \(count) begins")
                if count == 0 { emit(1) }
                trace.append("render \(count) ends")
            })
            Reducer<Int, Int> { (count: inout Int, value: Int) in
                trace.append("reduce \(value)")
                count += value
            }
        }
        spin.start()
        #expect(trace.values == ["render 0 begins", "render 0 ends", "reduce 1", "render 1 begins", "render 1 ends"])
    }

    @Test("an observer alone renders once per emit from outside")
    func rendersAfterEachOutsideEmit() async {
        let renders = Recorder<Int>()
        let spin = Spin(initialState: 0) {
            Feedback<Int, Int>(observe: { renders.append($0) })
            Reducer<Int, Int> { $0 + $1 }
        }
        spin.start()
        spin.emit(1)
        spin.emit(2)
        #expect(renders.values == [0, 1, 3])
    }
}
