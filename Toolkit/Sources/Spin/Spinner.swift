/// Builds a spin step by step: initial state, then feedbacks, then the reducer.
///
///     let spin = Spinner.initialState(Levels(left: 10, right: 20))
///         .feedback(Feedback(effect: leftEffect)).feedback(Feedback(effect: rightEffect))
///         .reducer(Reducer(levelsReducer))
///
/// Each step returns a different type, so the order is checked by the compiler: there is no
/// reducer before the initial state, and only `reducer(_:)` returns a `Spin`.
public enum Spinner {
    /// Starts building a spin with its initial state (and the clock its effects wait on).
    ///
    ///     Spinner.initialState(Counter())
    public static func initialState<State: Sendable>(
        _ state: State, clock: any Clock<Duration> = ContinuousClock()
    ) -> SpinnerWithState<State> {
        SpinnerWithState(initialState: state, clock: clock)
    }
}

/// A spin under construction that has its initial state.
public struct SpinnerWithState<State: Sendable>: Sendable {
    let initialState: State
    let clock: any Clock<Duration>

    /// Adds the first feedback.
    ///
    ///     Spinner.initialState(0).feedback(render)
    public func feedback<Event: Sendable>(_ feedback: Feedback<State, Event>) -> SpinnerWithFeedbacks<State, Event> {
        SpinnerWithFeedbacks(initialState: initialState, clock: clock, feedbacks: [feedback])
    }

    /// A spin with no feedback: events come only from `emit(_:)`.
    public func reducer<Event: Sendable>(_ reducer: Reducer<State, Event>) -> Spin<State, Event> {
        Spin(initialState: initialState, reducer: reducer, clock: clock)
    }
}

/// A spin under construction that has its initial state and at least one feedback.
public struct SpinnerWithFeedbacks<State: Sendable, Event: Sendable>: Sendable {
    let initialState: State
    let clock: any Clock<Duration>
    let feedbacks: [Feedback<State, Event>]

    /// Adds another feedback.
    ///
    ///     builder.feedback(loadPages)
    public func feedback(_ feedback: Feedback<State, Event>) -> Self {
        Self(initialState: initialState, clock: clock, feedbacks: feedbacks + [feedback])
    }

    /// Ends the definition with the reducer: the spin, ready to start.
    ///
    ///     let spin = builder.reducer(Reducer(countUp))
    public func reducer(_ reducer: Reducer<State, Event>) -> Spin<State, Event> {
        Spin(initialState: initialState, feedbacks: feedbacks, reducer: reducer, clock: clock)
    }
}
