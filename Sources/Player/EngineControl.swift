/// Calls `play()` and `pause()` on an engine when the wanted mode changes, following the states
/// of a spin in order.
///
/// Why a state stream rather than an effect per change: effects run in tasks of their own, so
/// a pause followed at once by a play could reach the engine in the wrong order. Here one task
/// sees every state in order and makes the calls one after the other. It emits no events.
struct EngineControl<State: Sendable, Engine: PlayerEngine>: AsyncSequence {
    typealias Element = Never
    typealias Failure = Never

    let states: AsyncStream<State>
    let engine: Engine
    let wantsPlay: @Sendable (State) -> Bool

    func makeAsyncIterator() -> Iterator {
        Iterator(states: states.makeAsyncIterator(), engine: engine, wantsPlay: wantsPlay)
    }

    struct Iterator: AsyncIteratorProtocol {
        typealias Failure = Never

        var states: AsyncStream<State>.Iterator
        let engine: Engine
        let wantsPlay: @Sendable (State) -> Bool
        /// The engine starts out paused.
        var isPlaying = false

        /// Returns nil when the spin stops; never returns an element.
        mutating func next() async -> Never? {
            while let state = await states.next() {
                let wanted = wantsPlay(state)
                guard wanted != isPlaying else { continue }
                isPlaying = wanted
                if wanted { engine.play() } else { engine.pause() }
            }
            // The spin stopped: leave the engine as quiet as the player.
            if isPlaying { engine.pause() }
            return nil
        }
    }
}
