/// What happens to a running effect when its feedback accepts a new state.
///
///     Feedback(effect: search, strategy: .continueOnNewState)
public enum ExecutionStrategy: Sendable, Equatable {
    /// The new state cancels the running effect (the default): its events, even queued ones,
    /// never reach the reducer.
    case cancelOnNewState
    /// The running effect goes on to its natural end beside the new one. The reducer must then
    /// accept events in any order.
    case continueOnNewState
}
