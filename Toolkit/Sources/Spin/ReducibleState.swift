/// A state that knows how its events change it: write the in-place `reduce` once, and the spin's
/// `reducer` and the returning form come with it.
///
///     extension Counter: ReducibleState {
///         static func reduce(_ state: inout Counter, _ event: CounterEvent) { state.count += 1 }
///     }
///     let spin = Spin(initialState: Counter()) { Counter.reducer }
public protocol ReducibleState: Sendable {
    associatedtype Event: Sendable
    /// Applies `event` to `state`, in place. Pure: no clock, no I/O.
    static func reduce(_ state: inout Self, _ event: Event)
}

extension ReducibleState {
    /// The reducer for a spin of this state alone, or to embed in a parent's (`Reducer.scope`).
    public static var reducer: Reducer<Self, Event> {
        Reducer { (state: inout Self, event: Event) in reduce(&state, event) }
    }

    /// The state `event` leads to from `state` (the returning form, for tests and folds).
    public static func reduce(_ state: Self, _ event: Event) -> Self {
        var next = state
        reduce(&next, event)
        return next
    }
}
