/// Why an `Action` execution produced no result.
public enum ActionError: Error, Sendable {
    /// The action was disabled (`enabledIf` false) or already executing; no work ran.
    case notEnabled
    /// The task awaiting `execute` was cancelled: the work stopped early, and what it produced
    /// so far is not a result. Not sent to `errors` (a cancel is the user's choice, not a failure).
    case cancelled
    /// The work failed with this error.
    case underlyingError(any Error)
}

extension ActionError: CustomStringConvertible {
    /// A sentence a user can read: what happened and what to do.
    public var description: String {
        switch self {
        case .notEnabled: "the action is disabled or already executing; try again once it is enabled"
        case .cancelled: "the execution was cancelled before it finished"
        case .underlyingError(let error): "the action's work failed: \(error)"
        }
    }
}
