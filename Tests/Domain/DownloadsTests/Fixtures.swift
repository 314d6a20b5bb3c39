import Catalog
import Spin
import SpinTesting
import Synchronization
import Testing
@testable import Downloads

extension Title {
    /// A title of `seconds` seconds; with `subtitles`, its media names a subtitles file.
    static func sample(_ id: String, seconds: Int = 4, subtitles: Bool = false) -> Title {
        Title(id: id, title: id.capitalized, year: 2020, genre: "Drama", duration: seconds,
              introStart: 0, introEnd: 0, creditsStart: seconds,
              media: subtitles ? TitleMedia(video: "/srv/\(id).mkv", subtitles: "/srv/\(id).srt") : nil)
    }
}

extension DownloadsState {
    /// Reduces each event, and checks the downloads' invariants after each.
    mutating func send(_ events: DownloadsEvent..., sourceLocation: SourceLocation = #_sourceLocation) {
        for event in events {
            DownloadsState.reduce(&self, event)
            let broken = brokenInvariants
            #expect(broken.isEmpty, "after \(event): \(broken.joined(separator: "; "))", sourceLocation: sourceLocation)
        }
    }

    /// Runs `id`'s running download's `part` to the end: size, all bytes, finished.
    mutating func complete(
        _ id: String, _ part: DownloadPart = .video, size: Int = 100, at time: Duration = .zero,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        send(.progressed(id, part, .size(size), at: time),
             .progressed(id, part, .received(size), at: time),
             .progressed(id, part, .finished(localPath: "local/\(id)/\(part.rawValue)"), at: time),
             sourceLocation: sourceLocation)
    }

    func status(_ id: String) -> DownloadStatus? { downloads[id]?.status }
}

/// A source in round numbers: 1,000 bytes a second, one report a second, 1,000 bytes of video
/// per second of a title and 1,000 bytes of subtitles (one tick) unless told otherwise.
func roundSource(
    clock: VirtualClock, tick: Duration = .seconds(1), subtitleBytes: Int = 1_000, failingAttempts: [String: Int] = [:],
    unannouncedSizes: Set<DownloadPart> = []
) -> SimulatedDownloadSource {
    SimulatedDownloadSource(
        clock: clock, bytesPerSecond: 1_000, tick: tick, videoBytesPerSecond: 1_000, subtitleBytes: subtitleBytes,
        failingAttempts: failingAttempts, unannouncedSizes: unannouncedSizes, directory: "local"
    )
}

/// The states a spin went through, each with the virtual time it appeared at.
final class Timeline<State: Sendable>: Sendable {
    private let clock: VirtualClock
    private let entries = Mutex<[(at: Duration, state: State)]>([])

    init(clock: VirtualClock) {
        self.clock = clock
    }

    /// An observer that records the state at the end of each batch of events.
    func feedback<Event: Sendable>() -> Feedback<State, Event> {
        Feedback(observe: { [self] state in
            let at = clock.now.offset
            entries.withLock { $0.append((at, state)) }
        })
    }

    var current: State? { entries.withLock { $0.last?.state } }

    /// When a state first matched `predicate`.
    func firstTime(where predicate: (State) -> Bool) -> Duration? {
        entries.withLock { entries in entries.first { predicate($0.state) }?.at }
    }
}

/// A test store running a downloads spin with its feedbacks on a simulated source, and a
/// timeline of its states.
struct DownloadsHarness {
    let clock: VirtualClock
    let source: SimulatedDownloadSource
    let timeline: Timeline<DownloadsState>
    let store: TestStore<DownloadsState, DownloadsEvent>
    let feedbacks: DownloadsFeedbacks<SimulatedDownloadSource>

    init(
        _ initialState: DownloadsState = DownloadsState(),
        source makeSource: (VirtualClock) -> SimulatedDownloadSource = { roundSource(clock: $0) },
        gear: Gear<DownloadsGearEvent>? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let clock = VirtualClock()
        let source = makeSource(clock)
        let timeline = Timeline<DownloadsState>(clock: clock)
        let feedbacks = DownloadsFeedbacks(source: source, clock: clock)
        self.feedbacks = feedbacks
        self.clock = clock
        self.source = source
        self.timeline = timeline
        self.store = TestStore(initialState: initialState, clock: clock, sourceLocation: sourceLocation) {
            timeline.feedback()
            for feedback in feedbacks.all { feedback }
            if let gear { Feedback.propagatingDownloads(to: gear) }
            DownloadsState.reducer
        }
    }

    /// The state the spin is in now (not only as of the last checked event).
    var current: DownloadsState { timeline.current ?? store.state }
}
