import Catalog
import Synchronization

/// Plays titles with `media` in a real engine (mpv) and the others in a simulated one, behind
/// one `PlayerEngine`, so the app's player feedbacks need not know which is which.
///
///     let engine = MediaRouter(real: MPVEngine(options: options), simulated: SimulatedEngine())
///
/// `positions(of:from:)` goes by its title. The calls without a title (play, pause, volume,
/// seek) go to the real engine while one of its media is open, else to the simulated one: the
/// player opens a title's media before anything else and closes it when it closes.
package final class MediaRouter<Real: PlayerEngine>: PlayerEngine {
    package let real: Real
    package let simulated: SimulatedEngine
    /// How many of the real engine's media are open (briefly two, while the next title opens).
    private let openMedia = Mutex(0)

    package init(real: Real, simulated: SimulatedEngine = SimulatedEngine()) {
        self.real = real
        self.simulated = simulated
    }

    private var isRealOpen: Bool { openMedia.withLock { $0 > 0 } }

    package func open(_ title: Title, at position: Int) -> OpenReports {
        OpenReports(reports: real.open(title, at: position), count: { change in
            self.openMedia.withLock { $0 += change }
        })
    }

    package func play() {
        if isRealOpen { real.play() } else { simulated.play() }
    }

    package func pause() {
        if isRealOpen { real.pause() } else { simulated.pause() }
    }

    package func setVolume(_ volume: Int, muted: Bool) {
        if isRealOpen { real.setVolume(volume, muted: muted) }
    }

    package func setPlayback(_ playback: PlaybackChoice) {
        if isRealOpen { real.setPlayback(playback) }
    }

    package func seek(to position: Int) async {
        if isRealOpen { await real.seek(to: position) } else { await simulated.seek(to: position) }
    }

    package func positions(of title: Title, from position: Int) -> RoutedPositions {
        positions(of: title, from: position, speed: PlaybackChoice.normalSpeed)
    }

    package func positions(of title: Title, from position: Int, speed: Int) -> RoutedPositions {
        title.media != nil
            ? RoutedPositions(route: .real(real.positions(of: title, from: position, speed: speed)))
            : RoutedPositions(route: .simulated(simulated.positions(of: title, from: position, speed: speed)))
    }

    /// The real engine's reports, counted as open from the first `next()` to the end or the
    /// cancellation of the iteration.
    package struct OpenReports: AsyncSequence, Sendable {
        package typealias Element = MediaReport
        package typealias Failure = Never

        let reports: Real.Reports
        let count: @Sendable (Int) -> Void

        package func makeAsyncIterator() -> Iterator {
            Iterator(base: reports.makeAsyncIterator(), counter: Counter(count: count))
        }

        package struct Iterator: AsyncIteratorProtocol {
            package typealias Failure = Never
            var base: Real.Reports.AsyncIterator
            let counter: Counter

            package mutating func next() async -> MediaReport? {
                counter.start()
                // The reports never throw (`Failure == Never`).
                let report = try? await base.next()
                if report == nil { counter.stop() }
                return report
            }
        }

        /// Counts once on start and once on stop or deinit (a cancelled iteration may simply
        /// be dropped).
        final class Counter: Sendable {
            let count: @Sendable (Int) -> Void
            let state = Mutex<(started: Bool, stopped: Bool)>((false, false))

            init(count: @escaping @Sendable (Int) -> Void) { self.count = count }

            func start() {
                if state.withLock({ let first = !$0.started; $0.started = true; return first }) { count(1) }
            }

            func stop() {
                if state.withLock({ let first = $0.started && !$0.stopped; $0.stopped = true; return first }) { count(-1) }
            }

            deinit { stop() }
        }
    }

    /// The positions of whichever engine plays the title.
    package struct RoutedPositions: AsyncSequence, Sendable {
        package typealias Element = Int
        package typealias Failure = Never

        enum Route: Sendable {
            case real(Real.Positions)
            case simulated(SimulatedPositions)
        }
        let route: Route

        package func makeAsyncIterator() -> Iterator {
            switch route {
            case .real(let positions): Iterator(real: positions.makeAsyncIterator(), simulated: nil)
            case .simulated(let positions): Iterator(real: nil, simulated: positions.makeAsyncIterator())
            }
        }

        package struct Iterator: AsyncIteratorProtocol {
            package typealias Failure = Never
            var real: Real.Positions.AsyncIterator?
            var simulated: SimulatedPositions.Iterator?

            package mutating func next() async -> Int? {
                if simulated != nil { return await simulated!.next() }
                return try? await real?.next()
            }
        }
    }
}
