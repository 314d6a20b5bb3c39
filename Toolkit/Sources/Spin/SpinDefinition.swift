/// The feedbacks and the reducer of a spin, as listed in a `Spin { ... }` block: what the block
/// builds (`SpinBuilder`), not something to build by hand.
public struct SpinDefinition<State: Sendable, Event: Sendable>: Sendable {
    /// The feedbacks, in the order they see each state.
    package var feedbacks: [Feedback<State, Event>]
    package var reducer: Reducer<State, Event>

    package init(feedbacks: [Feedback<State, Event>], reducer: Reducer<State, Event>) {
        self.feedbacks = feedbacks
        self.reducer = reducer
    }
}
