/// `react` over a set of requests: one effect per request, each with its own lifetime.
///
///     Feedback<Downloads, DownloadEvent>.react(requests: \.pendingRemovals) { removal in
///         await store.remove(removal)
///     }
///
/// An effect starts when its request appears in the set, is cancelled when it disappears and is
/// left untouched while it stays, whatever else changes (downloads need exactly this).
extension Feedback {
    /// One `async` effect per request in the set; nil means no event.
    ///
    ///     Feedback.react(requests: \.pendingSaves) { save in await store.write(save) }
    public static func react<Request: Hashable & Sendable>(
        requests: @escaping @Sendable (State) -> Set<Request>,
        effects: @escaping @Sendable (Request) async -> Event?
    ) -> Self {
        reacting(toEach: requests) { request, core in core.launch({ await effects(request) }, catching: nil) }
    }

    /// One `async` effect per request in the set that sends events as it goes, through `send`,
    /// and may end with one more. What it sends is tagged with its run like any effect's events:
    /// once the request leaves the set, whatever it sent and was not reduced yet is dropped, and
    /// `send` does nothing more.
    ///
    ///     Feedback.react(requests: \.downloads, sending: { download, send in
    ///         try? await action.execute(download) { send(.progressed($0)) }
    ///         return .finished(download)
    ///     })
    public static func react<Request: Hashable & Sendable>(
        requests: @escaping @Sendable (State) -> Set<Request>,
        sending effects: @escaping @Sendable (Request, Emitter<Event>) async -> Event?
    ) -> Self {
        reacting(toEach: requests) { request, core in
            core.launchSending { send in await effects(request, send) }
        }
    }

    private static func reacting<Request: Hashable & Sendable>(
        toEach requests: @escaping @Sendable (State) -> Set<Request>,
        start: @escaping @Sendable (Request, SpinCore<State, Event>) -> EffectRun?
    ) -> Self {
        Self { core in
            var running: [Request: EffectRun?] = [:]
            return FeedbackHooks(onState: { state in
                let wanted = requests(state)
                for (request, run) in running where !wanted.contains(request) {
                    run?.cancel()
                    running[request] = nil
                }
                for request in wanted where running.index(forKey: request) == nil {
                    running[request] = .some(start(request, core))
                }
            })
        }
    }
}
