/// The state machine of a spin: a pure function from the current state and an event to the next
/// state. No I/O, no clock, no emitting: effects belong in feedbacks.
///
///     let counter = Reducer<Int, CounterEvent> { count, event in
///         event == .increment ? count + 1 : count
///     }
///
/// The in-place form `(inout State, Event) -> Void` is just as pure and lets a large state be
/// updated without a copy; the runtime always reduces in place.
public struct Reducer<State, Event>: Sendable {
    /// Reduces `event` into `state` in place: what the spin calls, and what a parent or a test calls.
    public let reduce: @Sendable (inout State, Event) -> Void

    /// A reducer that returns the next state.
    public init(_ reduce: @escaping @Sendable (State, Event) -> State) {
        self.reduce = { state, event in state = reduce(state, event) }
    }

    /// A reducer that updates the state in place (no copy of a large state).
    ///
    /// Disfavored so that a closure valid in both forms, such as `{ $0 + $1 }`, reads as the
    /// returning form.
    @_disfavoredOverload
    public init(_ reduce: @escaping @Sendable (inout State, Event) -> Void) {
        self.reduce = reduce
    }
}
