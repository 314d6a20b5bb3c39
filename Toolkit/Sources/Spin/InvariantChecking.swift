/// A state that says, in one place, what must always hold of it: the rules its reducer keeps
/// after every event, each with a name that a failure reports.
///
///     extension Counter: InvariantChecking {
///         var brokenInvariants: [String] {
///             count >= 0 ? [] : ["the count is never negative"]
///         }
///     }
///
/// `Reducer.checkingInvariants()` checks them after every event in debug builds, and
/// `TestStore` after every event a test sees reduced: a broken rule stops the program (or fails
/// the test) at the event that broke it, not later where the state is read.
public protocol InvariantChecking {
    /// The rules this state breaks, each by its name; empty when all of them hold.
    var brokenInvariants: [String] { get }
}

/// A state whose invariants are named rules, one case each (a `String`-backed enum): say
/// whether each holds, and the broken ones and their names come with it.
///
///     extension Counter: InvariantRules {
///         enum Rule: String, CaseIterable { case notNegative = "the count is never negative" }
///         func holds(_ rule: Rule) -> Bool { count >= 0 }
///     }
///     counter.brokenRules   // [.notNegative] when it is broken
public protocol InvariantRules: InvariantChecking {
    associatedtype Rule: CaseIterable, RawRepresentable where Rule.RawValue == String
    /// Whether `rule` holds of this state.
    func holds(_ rule: Rule) -> Bool
}

extension InvariantRules {
    /// The rules this state breaks, in the order they are declared.
    public var brokenRules: [Rule] { Rule.allCases.filter { !holds($0) } }

    /// The names of the rules this state breaks.
    public var brokenInvariants: [String] { brokenRules.map(\.rawValue) }
}

extension InvariantChecking {
    /// Stops the program if a rule is broken, naming the rules and `event`. Debug builds only:
    /// in release builds this is empty.
    func assertInvariants(after event: @autoclosure () -> Any) {
        #if DEBUG
        let broken = brokenInvariants
        if !broken.isEmpty {
            preconditionFailure("invariant broken after \(event()): " + broken.joined(separator: "; "))
        }
        #endif
    }
}

extension Reducer where State: InvariantChecking & SendableMetatype {
    /// This reducer, checking the state's invariants after every event in debug builds (a
    /// broken rule stops the program and names the rule and the event); in release builds, this
    /// reducer as it is.
    ///
    ///     Spin(initialState: Counter()) { Counter.reducer.checkingInvariants() }
    public func checkingInvariants() -> Reducer {
        #if DEBUG
        let reduce = self.reduce
        return Reducer { (state: inout State, event: Event) in
            reduce(&state, event)
            state.assertInvariants(after: event)
        }
        #else
        return self
        #endif
    }
}
