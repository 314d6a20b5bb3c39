/// What a per-state feedback makes of one state.
@usableFromInline
package enum Selection<Input> {
    /// Act on this input: start an effect for it.
    case accept(Input)
    /// The state does not match the feedback's filter: under `.cancelOnNewState` the running
    /// effect, started for a state that matched, is cancelled.
    case reject
    /// Nothing to do: the lensed sub-state did not change, so the running effect goes on.
    case keep
}

/// The shared machinery of the per-state feedback forms: select the states to act on, then
/// start an effect run for each, cancelling the previous run or not according to the strategy.
///
/// The lifetime rule, the same for every form: an effect runs until the feedback accepts a new
/// state (`.cancelOnNewState`), the state stops matching what started it (a filter rejects it,
/// a `react` query returns nil or another request), or the spin stops. Its events, queued ones
/// included, are dropped from the moment it is cancelled.
extension Feedback {
    /// - Parameters:
    ///   - makeSelector: builds, for each start of the spin, the function that turns a state
    ///     into an effect input, or nil to ignore the state (filtered out, sub-state unchanged).
    ///   - start: starts the effect run for an accepted input.
    @inlinable
    package init<Input>(
        accepting makeSelector: @escaping @Sendable () -> (State) -> Selection<Input>,
        strategy: ExecutionStrategy,
        start: @escaping @Sendable (Input, SpinCore<State, Event>) -> EffectRun?
    ) {
        self.init { core in
            let select = makeSelector()
            var latestRun: EffectRun?
            return FeedbackHooks(onState: { state in
                switch (select(state), strategy) {
                case (.keep, _), (.reject, .continueOnNewState):
                    return
                case (.reject, .cancelOnNewState):
                    latestRun?.cancel()
                    latestRun = nil
                case (.accept(let input), .cancelOnNewState):
                    latestRun?.cancel()
                    latestRun = start(input, core)
                case (.accept(let input), .continueOnNewState):
                    _ = start(input, core)
                }
            })
        }
    }

    /// Accepts every state, or those matching `predicate`.
    @inlinable
    package static func selectingStates(
        filteredBy predicate: (@Sendable (State) -> Bool)?
    ) -> @Sendable () -> (State) -> Selection<State> {
        guard let predicate else { return { { .accept($0) } } }
        return { { predicate($0) ? .accept($0) : .reject } }
    }

    /// Accepts the sub-state `lens` reads, only when it differs from the last accepted one.
    @inlinable
    package static func selectingChanges<Sub: Equatable & Sendable>(
        of lens: @escaping @Sendable (State) -> Sub
    ) -> @Sendable () -> (State) -> Selection<Sub> {
        return {
            var last: Sub?
            var hasLast = false
            return { state in
                let sub = lens(state)
                if hasLast, last == sub { return .keep }
                last = sub
                hasLast = true
                return .accept(sub)
            }
        }
    }
}
