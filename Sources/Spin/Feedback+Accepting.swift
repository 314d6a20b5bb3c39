/// The shared machinery of the per-state feedback forms: select the states to act on, then
/// start an effect run for each, cancelling the previous run or not according to the strategy.
extension Feedback {
    /// - Parameters:
    ///   - makeSelector: builds, for each start of the spin, the function that turns a state
    ///     into an effect input, or nil to ignore the state (filtered out, sub-state unchanged).
    ///   - start: starts the effect run for an accepted input.
    @inlinable
    package init<Input>(
        accepting makeSelector: @escaping @Sendable () -> (State) -> Input?,
        strategy: ExecutionStrategy,
        start: @escaping @Sendable (Input, SpinCore<State, Event>) -> EffectRun?
    ) {
        self.init { core in
            let select = makeSelector()
            var latestRun: EffectRun?
            return FeedbackHooks(onState: { state in
                guard let input = select(state) else { return }
                switch strategy {
                case .cancelOnNewState:
                    latestRun?.cancel()
                    latestRun = start(input, core)
                case .continueOnNewState:
                    _ = start(input, core)
                }
            })
        }
    }

    /// Accepts every state, or those matching `predicate`.
    @inlinable
    package static func selectingStates(
        filteredBy predicate: (@Sendable (State) -> Bool)?
    ) -> @Sendable () -> (State) -> State? {
        guard let predicate else { return { { $0 } } }
        return { { predicate($0) ? $0 : nil } }
    }

    /// Accepts the sub-state `lens` reads, only when it differs from the last accepted one.
    @inlinable
    package static func selectingChanges<Sub: Equatable & Sendable>(
        of lens: @escaping @Sendable (State) -> Sub
    ) -> @Sendable () -> (State) -> Sub? {
        return {
            var last: Sub?
            var hasLast = false
            return { state in
                let sub = lens(state)
                if hasLast, last == sub { return nil }
                last = sub
                hasLast = true
                return sub
            }
        }
    }
}
