/// The feedbacks and the reducer of a spin, as listed in a `Spin { ... }` block.
///
///     let definition = SpinDefinition(feedbacks: [render], reducer: Reducer(countUp))
public struct SpinDefinition<State: Sendable, Event: Sendable>: Sendable {
    /// The feedbacks, in the order they see each state.
    public var feedbacks: [Feedback<State, Event>]
    /// The reducer.
    public var reducer: Reducer<State, Event>

    /// The feedbacks and the reducer.
    ///
    ///     SpinDefinition(feedbacks: [ui.feedback], reducer: reducer)
    public init(feedbacks: [Feedback<State, Event>], reducer: Reducer<State, Event>) {
        self.feedbacks = feedbacks
        self.reducer = reducer
    }
}
