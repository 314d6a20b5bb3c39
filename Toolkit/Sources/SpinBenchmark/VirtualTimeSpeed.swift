import Spin
import SpinTesting

/// Ticks of virtual time per second of real time: a countdown that ticks once a (virtual)
/// second, advanced through `VirtualTime` as a `TestStore` does, effects settled at each tick.
struct VirtualTimeSpeed {
    let ticks: Int

    func measure() async -> Double {
        let time = VirtualTime()
        let spin = Spin(initialState: Counter(), clock: time.clock, effectExecutor: time.executor) {
            Feedback<Counter, CounterEvent>.react(query: { $0.count < ticks ? $0.count : nil }) { _ in
                AsyncStream<CounterEvent> {
                    do {
                        try await Effect.sleep(for: .seconds(1))
                        return .counted(1)
                    } catch {
                        return nil
                    }
                }
            }
            Reducer(reduceCounter)
        }
        spin.start()
        let elapsed = await ContinuousClock().measure {
            await time.advance(by: .seconds(ticks))
        }
        let final = await spin.currentState()
        precondition(final?.count == ticks, "the countdown ticked \(final?.count ?? -1) of \(ticks) times")
        spin.stop()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(ticks) / seconds
    }
}
