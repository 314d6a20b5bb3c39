/// Feedbacks that live as long as the spin: one that remembers what it saw between states, and
/// one that starts and stops something with the spin.
extension Feedback {
    /// Sees every state in order (not only each batch's last), on the thread that drains the
    /// spin. `start` runs once when the spin starts and returns the observer, so the variables
    /// it captures are the observer's own memory and need no lock.
    ///
    ///     Feedback(everyState: {
    ///         var seen = 0
    ///         return { state in if state.sent.count > seen { send(state.sent[seen...]); seen = state.sent.count } }
    ///     })
    @inlinable
    public init(everyState start: @escaping @Sendable () -> (State) -> Void) {
        self.init { _ in FeedbackHooks(onState: start()) }
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
