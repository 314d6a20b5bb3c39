import Catalog

/// One title's download: its status, each part's progress, and the samples its speed comes
/// from. Combined progress, speed and ETA are computed (`Download+Progress.swift`).
///
///     let download = state.downloads["film"]!
///     download.status        // .running
///     download.fraction      // 0.42
///     download.bytesPerSecond, download.eta   // nil until measurable
public struct Download: Equatable, Sendable, Codable {
    public internal(set) var title: Title
    /// The parts fetched, in order (`.video` first).
    public internal(set) var parts: [DownloadPart]
    public internal(set) var status: DownloadStatus
    public internal(set) var progress: [DownloadPart: PartProgress]
    /// How many times it has started running: each start fetches every part from scratch.
    public internal(set) var attempt: Int
    /// The last few progress samples (see `DownloadsState.speedWindow`).
    public internal(set) var samples: [ProgressSample]

    public init(title: Title, parts: [DownloadPart]) {
        self.title = title
        self.parts = parts.isEmpty ? [.video] : parts
        self.status = .queued
        self.progress = [:]
        self.attempt = 0
        self.samples = []
    }

    public var id: String { title.id }

    /// Clears every part's progress and the samples (a new attempt starts over).
    mutating func resetProgress() {
        progress = [:]
        samples = []
    }
}
