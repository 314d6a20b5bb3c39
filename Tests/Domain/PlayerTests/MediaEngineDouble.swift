import Catalog
import Spin
import Synchronization
@testable import Player

extension Title {
    /// A title that plays for real and leaves its length and marks to the media.
    static let clip = Title(id: "clip", title: "Clip", year: 2024, genre: "Test", duration: 0,
                            introStart: 0, introEnd: 0, creditsStart: 0,
                            media: TitleMedia(video: "/media/clip.mkv", knowsDuration: false,
                                              knowsIntro: false, knowsCredits: false))
}

extension MediaInfo {
    /// 12 s with the chapters Intro (0-3), Main (3-9) and Credits (9-12), at the engine's volume 60.
    static let clip = MediaInfo(duration: 11.96, chapters: [
        Chapter(title: "Intro", start: 0), Chapter(title: "Main", start: 3), Chapter(title: "Credits", start: 9),
    ], volume: 60, isMuted: false)
}

/// An engine whose media reports `reports`, `latency` apart on the spin's clock, then stays open
/// until the player closes it; it writes down every call, including when the media closed.
final class ScriptedMediaEngine: PlayerEngine {
    enum Call: Equatable, Sendable {
        case open(String, at: Int), closed(String), play, pause, volume(Int, muted: Bool), seek(Int)
        case playback(PlaybackChoice)
    }

    let reports: [MediaReport]
    let latency: Duration
    private let simulated = SimulatedEngine(seekLatency: .milliseconds(100))
    private let log = Mutex<[Call]>([])

    init(reports: [MediaReport], latency: Duration = .milliseconds(200)) {
        self.reports = reports
        self.latency = latency
    }

    var calls: [Call] { log.withLock { $0 } }

    private func note(_ call: Call) { log.withLock { $0.append(call) } }

    func open(_ title: Title, at position: Int) -> Reports {
        note(.open(title.id, at: position))
        return Reports(engine: self, titleID: title.id)
    }

    /// The scripted reports on the spin's clock, then open until cancelled.
    struct Reports: AsyncSequence, Sendable {
        typealias Element = MediaReport
        typealias Failure = Never
        let engine: ScriptedMediaEngine
        let titleID: String

        func makeAsyncIterator() -> Iterator { Iterator(engine: engine, titleID: titleID) }

        struct Iterator: AsyncIteratorProtocol {
            typealias Failure = Never
            let engine: ScriptedMediaEngine
            let titleID: String
            var index = 0
            var isClosed = false

            mutating func next() async -> MediaReport? {
                guard !isClosed else { return nil }
                do {
                    if index < engine.reports.count {
                        try await Effect.clock.sleep(for: engine.latency)
                        index += 1
                        return engine.reports[index - 1]
                    }
                    try await Effect.clock.sleep(for: .seconds(1_000_000))
                } catch {}
                isClosed = true
                engine.note(.closed(titleID))
                return nil
            }
        }
    }

    func play() { note(.play) }
    func pause() { note(.pause) }
    func setVolume(_ volume: Int, muted: Bool) { note(.volume(volume, muted: muted)) }
    func setPlayback(_ playback: PlaybackChoice) { note(.playback(playback)) }

    func seek(to position: Int) async {
        note(.seek(position))
        await simulated.seek(to: position)
    }

    func positions(of title: Title, from position: Int) -> SimulatedPositions {
        simulated.positions(of: title, from: position)
    }
}
