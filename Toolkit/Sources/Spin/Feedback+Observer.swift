/// A synchronous feedback for user interfaces: one call per drained batch, with the latest
/// state ("one render per batch").
///
///     Feedback<Screen, ScreenEvent>(observe: { screen in renderer.store(screen) })
///
/// It runs inline on the draining thread, once at start with the initial state and then once
/// whenever the queue empties after reducing events, so a burst of events costs one render. It
/// must return quickly: store the state and wake a render thread rather than drawing here.
extension Feedback {
    /// An observer of the latest state, once per drained batch.
    ///
    ///     Feedback(observe: { state in latest.store(state) })
    @inlinable
    public init(observe: @escaping @Sendable (State) -> Void) {
        self.init { _ in FeedbackHooks(onBatchEnd: observe) }
    }

    /// An observer that may also emit events (queued behind the current batch).
    @inlinable
    public init(observe: @escaping @Sendable (State, Emitter<Event>) -> Void) {
        self.init { core in
            let emitter = Emitter<Event> { [weak core] event in core?.emit(event) }
            return FeedbackHooks(onBatchEnd: { state in observe(state, emitter) })
        }
    }
}
