/// Feedbacks that live as long as the spin: one that remembers what it saw between states, and
/// one that starts and stops something with the spin.
extension Feedback {
    /// Sees every state in order (not only each batch's last), on the thread that drains the
    /// spin.
    ///
    ///     Feedback(everyState: { state in if state.isUnauthorized { session.propagate(.expired) } })
    @inlinable
    public init(everyState observe: @escaping @Sendable (State) -> Void) {
        self.init { _ in FeedbackHooks(onState: observe) }
    }

    /// Sees every state in order with a memory of its own: `observe` gets it `inout`, starting
    /// from `initial` when the spin starts, and what it leaves there is what it gets with the next
    /// state. It runs only on the draining thread, so the memory needs no lock.
    ///
    ///     Feedback(remembering: 0, everyState: { seen, state in
    ///         if state.sent.count > seen { send(state.sent[seen...]); seen = state.sent.count }
    ///     })
    @inlinable
    public init<Memory: Sendable>(
        remembering initial: Memory, everyState observe: @escaping @Sendable (inout Memory, State) -> Void
    ) {
        self.init { _ in
            var memory = initial
            return FeedbackHooks(onState: { state in observe(&memory, state) })
        }
    }

    /// Runs `start` when the spin starts and `stop` when it stops (or is released): another spin,
    /// a server, anything whose life is the spin's.
    ///
    ///     Feedback(onStart: { downloads.start() }, onStop: { downloads.stop() })
    public init(onStart start: @escaping @Sendable () -> Void, onStop stop: @escaping @Sendable () -> Void) {
        self.init { core in
            start()
            core.onStop(stop)
            return FeedbackHooks()
        }
    }
}
