import Downloads
import Spin
import Synchronization

/// The downloads spin an app runs beside its own: its source, the state it starts from (a
/// journal's, after `afterRestart()`), and more feedbacks (its journal). The app and it talk
/// through two gears only: requests one way (`DownloadsEvent`), news the other
/// (`DownloadsGearEvent`).
///
///     let downloads = AppDownloads(source: SimulatedDownloadSource(), initialState: DownloadsState(maxConcurrent: 3))
///     let app = SpindleApp(screen: screen, provider: provider, effects: effects, downloads: downloads)
package struct AppDownloads: Sendable {
    let feedbacks: @Sendable (any Clock<Duration>) -> [Feedback<DownloadsState, DownloadsEvent>]
    package var initialState: DownloadsState
    package var session: [Feedback<DownloadsState, DownloadsEvent>]

    package init<Source: DownloadSource>(
        source: Source, initialState: DownloadsState = DownloadsState(),
        session: [Feedback<DownloadsState, DownloadsEvent>] = []
    ) {
        self.feedbacks = { clock in DownloadsFeedbacks(source: source, clock: clock).all }
        self.initialState = initialState
        self.session = session
    }

    /// The app's feedbacks that run the downloads spin: news from its gear into the app, the
    /// app's requests to it, and the spin itself, started after the app listens (so that the news
    /// of what is stored arrive) and stopped with the app's spin.
    func appFeedbacks(clock: any Clock<Duration>, effectExecutor: (any TaskExecutor)?) -> [Feedback<AppState, AppEvent>] {
        let news = Gear<DownloadsGearEvent>()
        let requests = Gear<DownloadsEvent>()
        let (initialState, session, feedbacks) = (self.initialState, self.session, self.feedbacks)
        // Made and started on first use: at the app's start when there are downloads to show,
        // else with the first request (a start with no downloads pays nothing for them).
        let spin = LazySpin {
            Spin(initialState: initialState, clock: clock, effectExecutor: effectExecutor) {
                for feedback in session + feedbacks(clock) { feedback }
                Feedback(attachedTo: requests, receiving: { $0 })
                Feedback.propagatingDownloads(to: news)
                // The downloads' invariants (`DownloadsState+Invariants`), checked in debug builds.
                DownloadsState.reducer.checkingInvariants()
            }
        }
        let hasDownloads = !initialState.order.isEmpty
        return [
            Feedback(attachedTo: news, receiving: { AppEvent.download($0) }),
            AppFeedbacks.forwardingDownloadRequests(to: requests, starting: spin.start),
            Feedback(onStart: { if hasDownloads { spin.start() } }, onStop: { spin.stop() }),
        ]
    }
}

/// A spin made and started the first time it is asked for, stopped with its owner.
final class LazySpin: Sendable {
    private let make: @Sendable () -> Spin<DownloadsState, DownloadsEvent>
    private let spin = Mutex<(spin: Spin<DownloadsState, DownloadsEvent>?, isStopped: Bool)>((nil, false))

    init(_ make: @escaping @Sendable () -> Spin<DownloadsState, DownloadsEvent>) {
        self.make = make
    }

    /// Makes and starts the spin, once; nothing after `stop()`.
    func start() {
        let started = spin.withLock { current -> Spin<DownloadsState, DownloadsEvent>? in
            guard current.spin == nil, !current.isStopped else { return nil }
            let made = make()
            current.spin = made
            return made
        }
        started?.start()
    }

    func stop() {
        let running = spin.withLock { current -> Spin<DownloadsState, DownloadsEvent>? in
            current.isStopped = true
            return current.spin
        }
        running?.stop()
    }
}

extension AppFeedbacks {
    /// Sends each request the reducer added to `downloadRequests` to the downloads spin, once;
    /// those already in the state it starts from (a restored session) were sent before.
    static func forwardingDownloadRequests(
        to gear: Gear<DownloadsEvent>, starting start: @escaping @Sendable () -> Void = {}
    ) -> Feedback<AppState, AppEvent> {
        Feedback(remembering: Int?.none, everyState: { seen, state in
            let requests = state.downloadRequests
            guard let last = seen else {
                seen = requests.count
                return
            }
            guard requests.count != last else { return }
            start()
            for request in requests.requests(after: last) { gear.propagate(request) }
            seen = requests.count
        })
    }
}
