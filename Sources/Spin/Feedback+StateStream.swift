/// A feedback that sees the whole stream of states rather than one state at a time.
///
///     Feedback<Player, PlayerEvent>(stateStream: { states in
///         states.map(\.position).removeDuplicates().map(PlayerEvent.positionShown)
///     })
///
/// The stream receives every state in order, starting with the initial state, through an
/// unbounded buffer; the returned sequence is iterated for the whole life of the spin.
extension Feedback {
    /// Iterates `effect(states)` for the life of the spin.
    ///
    ///     Feedback(stateStream: { $0.map(\.position).map(PlayerEvent.positionShown) })
    public init<S: AsyncSequence & SendableMetatype>(
        stateStream effect: @escaping @Sendable (AsyncStream<State>) -> S
    ) where S.Element == Event, S.Failure == Never {
        self.init(streaming: effect, catching: nil)
    }

    /// Iterates a throwing `effect(states)`; `catching` maps its error to an event.
    ///
    ///     Feedback(stateStream: positions, catching: { .failed("\($0)") })
    public init<S: AsyncSequence & SendableMetatype>(
        stateStream effect: @escaping @Sendable (AsyncStream<State>) -> S,
        catching: @escaping @Sendable (any Error) -> Event
    ) where S.Element == Event {
        self.init(streaming: effect, catching: catching)
    }

    private init<S: AsyncSequence & SendableMetatype>(
        streaming effect: @escaping @Sendable (AsyncStream<State>) -> S,
        catching: (@Sendable (any Error) -> Event)?
    ) where S.Element == Event {
        self.init { core in
            let (states, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .unbounded)
            core.launch(effect(states), lifetime: .spin, catching: catching)
            core.onStop { continuation.finish() }
            return FeedbackHooks(onState: { continuation.yield($0) })
        }
    }
}
