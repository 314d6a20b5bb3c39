/// Feedbacks that run an effect for each accepted state.
///
///     Feedback(effect: { (levels: Levels) in levels.left < levels.right ? .increaseLeft : nil })
///     Feedback(effect: autoHide, filteredBy: \.isHUDVisible)
///     Feedback(effect: seek, lensingOn: \.seekTarget, strategy: .continueOnNewState)
///
/// A sequence-returning effect function is called synchronously, in state order, by the
/// draining thread (it should only build the sequence); the sequence is iterated in a task.
/// An `async` effect function runs in the task. Effects that throw must say, with `catching:`,
/// which event an error becomes: no error is silently dropped.
extension Feedback {
    /// Runs `effect` for every state (or those matching `filteredBy`).
    @inlinable
    public init<S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (State) -> S,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event, S.Failure == Never {
        self.init(accepting: Self.selectingStates(filteredBy: predicate), strategy: strategy) { state, core in
            core.launch(effect(state), catching: nil)
        }
    }

    /// Runs a throwing `effect` for every state (or those matching `filteredBy`).
    @inlinable
    public init<S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (State) -> S,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self.init(accepting: Self.selectingStates(filteredBy: predicate), strategy: strategy) { state, core in
            core.launch(effect(state), catching: catching)
        }
    }

    /// Awaits `effect` for every state (or those matching `filteredBy`); nil means no event.
    @inlinable
    public init(
        effect: @escaping @Sendable (State) async -> Event?,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(accepting: Self.selectingStates(filteredBy: predicate), strategy: strategy) { state, core in
            core.launch({ await effect(state) }, catching: nil)
        }
    }

    /// Awaits a throwing `effect` for every state (or those matching `filteredBy`).
    @inlinable
    public init(
        effect: @escaping @Sendable (State) async throws -> Event?,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(accepting: Self.selectingStates(filteredBy: predicate), strategy: strategy) { state, core in
            core.launch({ try await effect(state) }, catching: catching)
        }
    }
}

/// Feedbacks that run an effect on a sub-state, only when that sub-state changes.
///
///     Feedback(effect: { (query: String) in search(query) }, lensingOn: \.query)
extension Feedback {
    /// Runs a sequence `effect` on the sub-state `lens` reads, each time it changes.
    ///
    ///     Feedback(effect: { (query: String) in search(query) }, lensingOn: \.query)
    @inlinable
    public init<Sub: Equatable & Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (Sub) -> S,
        lensingOn lens: @escaping @Sendable (State) -> Sub,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event, S.Failure == Never {
        self.init(accepting: Self.selectingChanges(of: lens), strategy: strategy) { sub, core in
            core.launch(effect(sub), catching: nil)
        }
    }

    /// Runs a throwing sequence `effect` on the sub-state `lens` reads, each time it changes;
    /// `catching` turns its error into an event.
    ///
    ///     Feedback(effect: results, lensingOn: \.query, catching: { .searchFailed("\($0)") })
    @inlinable
    public init<Sub: Equatable & Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (Sub) -> S,
        lensingOn lens: @escaping @Sendable (State) -> Sub,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self.init(accepting: Self.selectingChanges(of: lens), strategy: strategy) { sub, core in
            core.launch(effect(sub), catching: catching)
        }
    }

    /// Awaits `effect` on the sub-state `lens` reads, each time it changes; nil means no event.
    ///
    ///     Feedback(effect: { (target: Int?) async in await seek(target) }, lensingOn: \.seekTarget)
    @inlinable
    public init<Sub: Equatable & Sendable>(
        effect: @escaping @Sendable (Sub) async -> Event?,
        lensingOn lens: @escaping @Sendable (State) -> Sub,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(accepting: Self.selectingChanges(of: lens), strategy: strategy) { sub, core in
            core.launch({ await effect(sub) }, catching: nil)
        }
    }

    /// Awaits a throwing `effect` on the sub-state `lens` reads, each time it changes.
    ///
    ///     Feedback(effect: load, lensingOn: \.pageToLoad, catching: { .pageFailed("\($0)") })
    @inlinable
    public init<Sub: Equatable & Sendable>(
        effect: @escaping @Sendable (Sub) async throws -> Event?,
        lensingOn lens: @escaping @Sendable (State) -> Sub,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(accepting: Self.selectingChanges(of: lens), strategy: strategy) { sub, core in
            core.launch({ try await effect(sub) }, catching: catching)
        }
    }
}
