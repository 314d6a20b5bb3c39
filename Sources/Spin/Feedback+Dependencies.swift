/// Feedbacks built from effect functions that take their dependencies first and the state last;
/// the dependencies are partially applied once, when the feedback is built.
///
///     func loadPage(catalog: Catalog, state: Browser) -> AsyncStream<BrowserEvent> { ... }
///     Feedback(effect: loadPage, dependency: catalog)
///
/// Each form accepts the same `filteredBy:`, `catching:` and `strategy:` options as the
/// dependency-free one it forwards to.
extension Feedback {
    public init<D: Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (D, State) -> S, dependency d: D,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event, S.Failure == Never {
        self.init(effect: { effect(d, $0) }, filteredBy: predicate, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (D1, D2, State) -> S, dependencies d1: D1, _ d2: D2,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event, S.Failure == Never {
        self.init(effect: { effect(d1, d2, $0) }, filteredBy: predicate, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable, D3: Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (D1, D2, D3, State) -> S, dependencies d1: D1, _ d2: D2, _ d3: D3,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event, S.Failure == Never {
        self.init(effect: { effect(d1, d2, d3, $0) }, filteredBy: predicate, strategy: strategy)
    }

    public init<D: Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (D, State) -> S, dependency d: D,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self.init(effect: { effect(d, $0) }, filteredBy: predicate, catching: catching, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (D1, D2, State) -> S, dependencies d1: D1, _ d2: D2,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self.init(effect: { effect(d1, d2, $0) }, filteredBy: predicate, catching: catching, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable, D3: Sendable, S: AsyncSequence & SendableMetatype>(
        effect: @escaping @Sendable (D1, D2, D3, State) -> S, dependencies d1: D1, _ d2: D2, _ d3: D3,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) where S.Element == Event {
        self.init(effect: { effect(d1, d2, d3, $0) }, filteredBy: predicate, catching: catching, strategy: strategy)
    }
}

/// The `async` effect functions with dependencies.
///
///     func autoHide(clock: any Clock<Duration>, state: Player) async -> PlayerEvent? { ... }
extension Feedback {
    public init<D: Sendable>(
        effect: @escaping @Sendable (D, State) async -> Event?, dependency d: D,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { await effect(d, $0) }, filteredBy: predicate, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable>(
        effect: @escaping @Sendable (D1, D2, State) async -> Event?, dependencies d1: D1, _ d2: D2,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { await effect(d1, d2, $0) }, filteredBy: predicate, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable, D3: Sendable>(
        effect: @escaping @Sendable (D1, D2, D3, State) async -> Event?, dependencies d1: D1, _ d2: D2, _ d3: D3,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { await effect(d1, d2, d3, $0) }, filteredBy: predicate, strategy: strategy)
    }

    public init<D: Sendable>(
        effect: @escaping @Sendable (D, State) async throws -> Event?, dependency d: D,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { try await effect(d, $0) }, filteredBy: predicate, catching: catching, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable>(
        effect: @escaping @Sendable (D1, D2, State) async throws -> Event?, dependencies d1: D1, _ d2: D2,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(effect: { try await effect(d1, d2, $0) }, filteredBy: predicate, catching: catching, strategy: strategy)
    }

    public init<D1: Sendable, D2: Sendable, D3: Sendable>(
        effect: @escaping @Sendable (D1, D2, D3, State) async throws -> Event?,
        dependencies d1: D1, _ d2: D2, _ d3: D3,
        filteredBy predicate: (@Sendable (State) -> Bool)? = nil,
        catching: @escaping @Sendable (any Error) -> Event,
        strategy: ExecutionStrategy = .cancelOnNewState
    ) {
        self.init(
            effect: { try await effect(d1, d2, d3, $0) }, filteredBy: predicate, catching: catching, strategy: strategy
        )
    }
}
