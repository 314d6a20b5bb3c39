import Catalog
import Synchronization

/// A download source with no network: bytes "arrive" on a clock, so the embedded catalog can
/// demo downloads and tests run a 10-second download in microseconds of virtual time.
///
///     let source = SimulatedDownloadSource(bytesPerSecond: 1_000_000, failureRate: 0.1, seed: 7)
///     let tests = SimulatedDownloadSource(clock: testClock, failingAttempts: ["film": 1])
///
/// Sizes come from the title: the video is `videoBytesPerSecond` per second of its duration,
/// the subtitles `subtitleBytes`. Each part arrives at `bytesPerSecond`, one `.received` per
/// `tick`. Failures are deterministic: whether an attempt at a part fails (and where) is drawn
/// from `seed`, the title, the part and the attempt's number, never from the order of events;
/// `failingAttempts` makes a title's first attempts fail for sure (its video, half-way).
package final class SimulatedDownloadSource: DownloadSource {
    package let bytesPerSecond: Int
    package let tick: Duration
    package let videoBytesPerSecond: Int
    package let subtitleBytes: Int
    package let failureRate: Double
    package let seed: UInt64
    package let failingAttempts: [String: Int]
    /// Parts whose size is not announced (`.size(nil)`) until they finish.
    package let unannouncedSizes: Set<DownloadPart>
    /// Where the "stored" files are said to be (nothing is written).
    package let directory: String
    private let clock: (any Clock<Duration>)?
    private let ledger = Mutex(Ledger())

    private struct Ledger {
        var attempts: [String: Int] = [:]
        var deleted: [String] = []
    }

    /// - Parameter clock: nil follows the clock of the spin running the effect (`Effect.clock`).
    package init(
        clock: (any Clock<Duration>)? = nil,
        bytesPerSecond: Int = 8_000_000,
        tick: Duration = .milliseconds(250),
        videoBytesPerSecond: Int = 50_000,
        subtitleBytes: Int = 40_000,
        failureRate: Double = 0,
        seed: UInt64 = 1,
        failingAttempts: [String: Int] = [:],
        unannouncedSizes: Set<DownloadPart> = [],
        directory: String = "downloads"
    ) {
        self.clock = clock
        self.bytesPerSecond = max(1, bytesPerSecond)
        self.tick = tick
        self.videoBytesPerSecond = max(1, videoBytesPerSecond)
        self.subtitleBytes = max(1, subtitleBytes)
        self.failureRate = failureRate
        self.seed = seed
        self.failingAttempts = failingAttempts
        self.unannouncedSizes = unannouncedSizes
        self.directory = directory
    }

    /// The size of `part` of `title`, in bytes.
    package func size(of part: DownloadPart, of title: Title) -> Int {
        switch part {
        case .video: max(1, title.duration) * videoBytesPerSecond
        case .subtitles: subtitleBytes
        }
    }

    /// The ids of the titles whose local copy was deleted, in order.
    package var deletedTitleIDs: [String] { ledger.withLock { $0.deleted } }

    package func transfer(_ part: DownloadPart, of title: Title) -> SimulatedTransfer {
        let attempt = ledger.withLock { ledger -> Int in
            let key = "\(title.id)/\(part.rawValue)"
            defer { ledger.attempts[key, default: 0] += 1 }
            return ledger.attempts[key, default: 0]
        }
        let size = size(of: part, of: title)
        let seconds = Double(tick.components.seconds) + Double(tick.components.attoseconds) * 1e-18
        let plan = SimulatedTransfer.Plan(
            size: size,
            announcesSize: !unannouncedSizes.contains(part),
            bytesPerTick: max(1, Int(Double(bytesPerSecond) * seconds)),
            tick: tick,
            failsAt: failurePoint(part, of: title, size: size, attempt: attempt),
            localPath: "\(directory)/\(title.id)/\(part == .video ? "video" : "subtitles.srt")"
        )
        return SimulatedTransfer(plan: plan, clock: clock)
    }

    package func deleteLocalCopy(of title: Title) async throws {
        ledger.withLock { $0.deleted.append(title.id) }
    }

    private func failurePoint(_ part: DownloadPart, of title: Title, size: Int, attempt: Int) -> Int? {
        if part == .video, attempt < failingAttempts[title.id, default: 0] { return max(1, size / 2) }
        var draw = SeededDraw(seed: seed, titleID: title.id, part: part, attempt: attempt)
        guard draw.unit() < failureRate else { return nil }
        return max(1, Int(draw.unit() * Double(size)))
    }
}
