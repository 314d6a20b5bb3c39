import Synchronization

/// The newest state a spin has reached, handed from whichever thread drained the spin to the
/// thread that owns the screen. Only the latest matters: states in between are never drawn.
final class LatestState<State: Sendable>: Sendable {
    private let slot: Mutex<(state: State?, version: Int)>

    init() {
        slot = Mutex((nil, 0))
    }

    func store(_ state: State) {
        slot.withLock { $0 = (state, $0.version + 1) }
    }

    /// The state and its version (which grows with every store).
    func load() -> (state: State?, version: Int) {
        slot.withLock { $0 }
    }
}
