/// The feedbacks and the reducer of a spin, as listed in a `Spin { ... }` block.
///
///     let definition = SpinDefinition(feedbacks: [render], reducer: Reducer(countUp))
public struct SpinDefinition<State: Sendable, Event: Sendable>: Sendable {
    public var feedbacks: [Feedback<State, Event>]
    public var reducer: Reducer<State, Event>

    public init(feedbacks: [Feedback<State, Event>], reducer: Reducer<State, Event>) {
        self.feedbacks = feedbacks
        self.reducer = reducer
    }
}
