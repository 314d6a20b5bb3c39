/// `react`: run an effect for the request a state query returns.
///
///     Feedback<Browser, BrowserEvent>.react(query: \.pageToLoad) { page in
///         await catalog.load(page).map(BrowserEvent.pageLoaded)
///     }
///
/// The query runs synchronously for every state. nil means "no effect" and cancels a running
/// one; a request equal to the running one leaves it alone (no restart, even if the effect has
/// already finished); a different request cancels the running effect and starts a new one.
extension Feedback {
    /// A sequence effect for the request `query` returns.
    ///
    ///     Feedback.react(query: \.countdownRequest) { _ in ticks() }
    @inlinable
    public static func react<Request: Equatable & Sendable, S: AsyncSequence & SendableMetatype>(
        query: @escaping @Sendable (State) -> Request?,
        effects: @escaping @Sendable (Request) -> S
    ) -> Self where S.Element == Event, S.Failure == Never {
        reacting(to: query) { request, core in core.launch(effects(request), catching: nil) }
    }

    /// An `async` effect for the request; nil means no event.
    ///
    ///     Feedback.react(query: \.pageToLoad) { page in await .pageLoaded(catalog.load(page)) }
    @inlinable
    public static func react<Request: Equatable & Sendable>(
        query: @escaping @Sendable (State) -> Request?,
        effects: @escaping @Sendable (Request) async -> Event?
    ) -> Self {
        reacting(to: query) { request, core in core.launch({ await effects(request) }, catching: nil) }
    }

    // Inlinable, like the react forms, so that this per-state hook is specialized for the
    // client's types instead of looking generic metadata up for every state.
    @inlinable
    static func reacting<Request: Equatable & Sendable>(
        to query: @escaping @Sendable (State) -> Request?,
        start: @escaping @Sendable (Request, SpinCore<State, Event>) -> EffectRun?
    ) -> Self {
        Self { core in
            var currentRequest: Request?
            var currentRun: EffectRun?
            return FeedbackHooks(onState: { state in
                let request = query(state)
                if request == currentRequest { return }
                currentRun?.cancel()
                currentRequest = request
                currentRun = request.flatMap { start($0, core) }
            })
        }
    }
}
