import Spin

/// The downloads' effects, as feedbacks of the downloads spin.
///
///     let source = SimulatedDownloadSource()
///     let feedbacks = DownloadsFeedbacks(source: source, clock: clock)
///     let spin = Spin(initialState: DownloadsState(), clock: clock) {
///         for feedback in feedbacks.all { feedback }
///         Feedback.propagatingDownloads(to: gear)
///         DownloadsState.reducer
///     }
///
/// Each part of each running download is its own effect, a keyed `react` over
/// `transferRequests`: the parts of a download run concurrently; cancelling, removing or a
/// failure of the other part takes the request out of the set, which cancels the effect, and
/// Spin drops whatever it had already queued. A title runs at most once at a time because the
/// reducer refuses a second request while one is queued or running ("already downloading"),
/// the keyed `react` equivalent of `Action`'s `notEnabled` (see `DownloadActions` for the
/// `Action` form).
public struct DownloadsFeedbacks<Source: DownloadSource>: Sendable {
    /// Fetches the parts of the running downloads (`transferRequests`).
    public let transfers: Feedback<DownloadsState, DownloadsEvent>
    /// Deletes the local copies of removed titles (`removalRequests`).
    public let removals: Feedback<DownloadsState, DownloadsEvent>

    /// Both feedbacks.
    public var all: [Feedback<DownloadsState, DownloadsEvent>] { [transfers, removals] }

    /// - Parameter clock: what progress events are timed on (`at:`), for speed and ETA: the
    ///   spin's clock.
    public init(source: Source, clock: any Clock<Duration>) {
        let stopwatch = Stopwatch(clock: clock)
        transfers = .react(requests: { $0.transferRequests }) { request in
            TransferEvents(
                base: source.transfer(request.part, of: request.title), id: request.title.id,
                part: request.part, elapsed: stopwatch.elapsed
            )
        }
        removals = .react(requests: { $0.removalRequests }) { request async -> DownloadsEvent? in
            do {
                try await source.deleteLocalCopy(of: request.title)
                return .localCopyDeleted(request.title.id)
            } catch {
                if Task.isCancelled { return nil }
                return .localCopyDeleted(request.title.id, failure: DownloadError(describing: error).message)
            }
        }
    }
}
