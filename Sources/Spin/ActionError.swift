/// Why an `Action` execution produced no result.
public enum ActionError: Error, Sendable {
    /// The action was disabled (`enabledIf` false) or already executing; no work ran.
    case notEnabled
    /// The work failed with this error.
    case underlyingError(any Error)
}

extension ActionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notEnabled: "the action is disabled or already executing; try again once it is enabled"
        case .underlyingError(let error): "the action's work failed: \(error)"
        }
    }
}
