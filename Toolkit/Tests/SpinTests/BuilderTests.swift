import Spin
import Testing

@Suite("Two equivalent ways to build a spin")
struct BuilderTests {
    /// Two levels that converge to each other, one step at a time (seed 003's example).
    struct Levels: Equatable, Sendable {
        var left: Int
        var right: Int
    }

    enum LevelEvent: Sendable {
        case raiseLeft, lowerLeft, raiseRight, lowerRight
    }

    static func leftEffect(_ levels: Levels) -> AsyncStream<LevelEvent> {
        AsyncStream { continuation in
            if levels.left != levels.right { continuation.yield(levels.left < levels.right ? .raiseLeft : .lowerLeft) }
            continuation.finish()
        }
    }

    static func rightEffect(_ levels: Levels) -> AsyncStream<LevelEvent> {
        AsyncStream { continuation in
            if levels.left != levels.right { continuation.yield(levels.right < levels.left ? .raiseRight : .lowerRight) }
            continuation.finish()
        }
    }

    static func levelsReducer(_ levels: Levels, _ event: LevelEvent) -> Levels {
        guard levels.left != levels.right else { return levels }
        switch event {
        case .raiseLeft: return Levels(left: levels.left + 1, right: levels.right)
        case .lowerLeft: return Levels(left: levels.left - 1, right: levels.right)
        case .raiseRight: return Levels(left: levels.left, right: levels.right + 1)
        case .lowerRight: return Levels(left: levels.left, right: levels.right - 1)
        }
    }

    static func converged(_ spin: Spin<Levels, LevelEvent>) async -> Levels? {
        spin.start()
        defer { spin.stop() }
        for await levels in spin.states where levels.left == levels.right { return levels }
        return nil
    }

    @Test("the declarative block makes a spin that converges")
    func declarativeBlock() async {
        let spin = Spin(initialState: Levels(left: 10, right: 20)) {
            Feedback.react(query: { $0 }, effects: Self.leftEffect)
            Feedback.react(query: { $0 }, effects: Self.rightEffect)
            Reducer(Self.levelsReducer)
        }
        let levels = await Self.converged(spin)
        #expect(levels.map { $0.left == $0.right && (10...20).contains($0.left) } == true)
    }

    @Test("the block accepts feedbacks under if, if/else and for")
    func controlFlow() async {
        let renders = Recorder<String>()
        let verbose = true
        let spin = Spin(initialState: 0) {
            if verbose {
                Feedback<Int, Int>(observe: { renders.append("verbose \($0)") })
            }
            if !verbose {
                Feedback<Int, Int>(observe: { renders.append("never \($0)") })
            } else {
                Feedback<Int, Int>(observe: { renders.append("else \($0)") })
            }
            for name in ["a", "b"] {
                Feedback<Int, Int>(observe: { renders.append("\(name) \($0)") })
            }
            Reducer<Int, Int> { $0 + $1 }
        }
        spin.start()
        #expect(renders.values == ["verbose 0", "else 0", "a 0", "b 0"])
    }

    @Test("a spin may have only a reducer")
    func reducerOnly() async {
        let spin = Spin(initialState: 1) { Reducer<Int, Int> { $0 * $1 } }
        spin.start()
        spin.emit(6)
        spin.emit(7)
        #expect(await spin.currentState() == 42)
    }
}
