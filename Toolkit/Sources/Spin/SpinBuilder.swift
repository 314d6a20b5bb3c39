/// Lists the feedbacks of a spin, then its reducer, in a block.
///
///     Spin(initialState: Levels(left: 10, right: 20)) {
///         Feedback.react(query: \.leftRequest, effects: leftEffect); Reducer(levelsReducer)
///     }
///
/// The types enforce the shape: a block without a reducer, with two reducers or with a feedback
/// after the reducer does not compile. Feedbacks may sit in `if`, `if/else` and `for`.
@resultBuilder
public enum SpinBuilder<State: Sendable, Event: Sendable> {
    /// Feedbacks listed so far; not yet a spin.
    public struct Feedbacks: Sendable {
        var list: [Feedback<State, Event>]
    }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildExpression(_ feedback: Feedback<State, Event>) -> Feedbacks {
        Feedbacks(list: [feedback])
    }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildExpression(_ reducer: Reducer<State, Event>) -> Reducer<State, Event> {
        reducer
    }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildPartialBlock(first: Feedbacks) -> Feedbacks { first }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildPartialBlock(first reducer: Reducer<State, Event>) -> SpinDefinition<State, Event> {
        SpinDefinition(feedbacks: [], reducer: reducer)
    }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildPartialBlock(accumulated: Feedbacks, next: Feedbacks) -> Feedbacks {
        Feedbacks(list: accumulated.list + next.list)
    }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildPartialBlock(
        accumulated: Feedbacks, next reducer: Reducer<State, Event>
    ) -> SpinDefinition<State, Event> {
        SpinDefinition(feedbacks: accumulated.list, reducer: reducer)
    }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildOptional(_ feedbacks: Feedbacks?) -> Feedbacks {
        feedbacks ?? Feedbacks(list: [])
    }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildEither(first feedbacks: Feedbacks) -> Feedbacks { feedbacks }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildEither(second feedbacks: Feedbacks) -> Feedbacks { feedbacks }

    /// Result-builder step (used by the compiler for a `Spin { ... }` block).
    public static func buildArray(_ feedbacks: [Feedbacks]) -> Feedbacks {
        Feedbacks(list: feedbacks.flatMap(\.list))
    }
}
