/// Builds a spin step by step: initial state, then feedbacks, then the reducer.
///
///     let spin = Spinner.initialState(Levels(left: 10, right: 20))
///         .feedback(Feedback(effect: leftEffect)).feedback(Feedback(effect: rightEffect))
///         .reducer(Reducer(levelsReducer))
///
/// Each step returns a different type, so the order is checked by the compiler: there is no
/// reducer before the initial state, and only `reducer(_:)` returns a `Spin`.
public enum Spinner {
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

    public func feedback(_ feedback: Feedback<State, Event>) -> Self {
        Self(initialState: initialState, clock: clock, feedbacks: feedbacks + [feedback])
    }

    public func reducer(_ reducer: Reducer<State, Event>) -> Spin<State, Event> {
        Spin(initialState: initialState, feedbacks: feedbacks, reducer: reducer, clock: clock)
    }
}
