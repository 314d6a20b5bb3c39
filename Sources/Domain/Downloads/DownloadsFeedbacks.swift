import Catalog
import Spin
import Synchronization

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
/// Each running download is one effect, a keyed `react` over `transferRequests`, which executes
/// the title's `Action`: its work fetches the parts concurrently (a task group) and sends each
/// report as it comes. So a title runs at most once at a time twice over: the reducer refuses a
/// second request while one is queued or running ("already downloading"), and the Action refuses
/// a second execution while one runs (`ActionError.notEnabled`; a retry right after a cancel
/// waits for the cancelled execution to end, so two never write the same file). Cancelling,
/// removing or a failure takes the request out of the set, which cancels the effect and with it
/// the execution; Spin drops whatever it had sent and was not reduced yet.
package struct DownloadsFeedbacks<Source: DownloadSource>: Sendable {
    /// Fetches the running downloads (`transferRequests`).
    package let transfers: Feedback<DownloadsState, DownloadsEvent>
    /// Deletes the local copies of removed titles (`removalRequests`).
    package let removals: Feedback<DownloadsState, DownloadsEvent>
    /// One `Action` per title id: what the spin executes for each download.
    package let actions: TitleActions<Source>

    /// Both feedbacks.
    package var all: [Feedback<DownloadsState, DownloadsEvent>] { [transfers, removals] }

    /// - Parameter clock: what progress events are timed on (`at:`), for speed and ETA: the
    ///   spin's clock.
    package init(source: Source, clock: any Clock<Duration>) {
        let stopwatch = Stopwatch(clock: clock)
        let actions = TitleActions(source: source, elapsed: stopwatch.elapsed)
        self.actions = actions
        transfers = .react(requests: { $0.transferRequests }, sending: { request, send in
            await actions.run(request, send: send)
        })
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
