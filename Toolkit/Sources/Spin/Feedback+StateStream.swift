/// A feedback that sees a stream of values read from the states rather than one state at a time.
///
///     Feedback<Player, PlayerEvent>(distinct: \.volume, stream: { volumes in Mixer(volumes: volumes) })
///
/// The stream receives the distinct values in order, starting with the initial state's, through
/// an unbounded buffer; the returned sequence is iterated for the whole life of the spin.
extension Feedback {
    /// Iterates `effect(values)`, where `values` are the distinct values of `query` over the
    /// states, in order. The query runs on the spin's thread for every state, and only a value
    /// unlike the one before it is passed on: a state that changes nothing the effect reads wakes
    /// no task, where a state stream wakes its task for every state.
    ///
    ///     Feedback(distinct: { $0.player?.volume }, stream: { volumes in Mixer(volumes: volumes) })
    public init<Value: Equatable & Sendable, S: AsyncSequence & SendableMetatype>(
        distinct query: @escaping @Sendable (State) -> Value,
        stream effect: @escaping @Sendable (AsyncStream<Value>) -> S
    ) where S.Element == Event, S.Failure == Never {
        self.init(streaming: effect, catching: nil, feeding: { values in
            var last: Value?
            return { state in
                let value = query(state)
                if let last, last == value { return }
                last = value
                values.yield(value)
            }
        })
    }

    /// The stream forms: `effect` iterates a stream for the life of the spin, and `feeding`
    /// makes, from the stream's continuation, what each state yields to it (on the spin's thread).
    private init<Value: Sendable, S: AsyncSequence & SendableMetatype>(
        streaming effect: @escaping @Sendable (AsyncStream<Value>) -> S,
        catching: (@Sendable (any Error) -> Event)?,
        feeding: @escaping @Sendable (AsyncStream<Value>.Continuation) -> (State) -> Void
    ) where S.Element == Event {
        self.init { core in
            let (values, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .unbounded)
            core.launch(effect(values), lifetime: .spin, catching: catching)
            core.onStop { continuation.finish() }
            return FeedbackHooks(onState: feeding(continuation))
        }
    }
}
