import Catalog

/// One title's download: its status, each part's progress, and the samples its speed comes
/// from. Combined progress, speed and ETA are computed (`Download+Progress.swift`).
///
///     let download = state.downloads["film"]!
///     download.status        // .running
///     download.fraction      // 0.42
///     download.bytesPerSecond, download.eta   // nil until measurable
package struct Download: Equatable, Sendable, Codable {
    package internal(set) var title: Title
    /// The parts fetched, in order (`.video` first).
    package internal(set) var parts: [DownloadPart]
    package internal(set) var status: DownloadStatus
    package internal(set) var progress: [DownloadPart: PartProgress]
    /// How many times it has started running: each start fetches every part again (a source
    /// that keeps `.part` files resumes them).
    package internal(set) var attempt: Int
    /// The last few progress samples (see `DownloadsState.speedWindow`).
    package internal(set) var samples: [ProgressSample]

    package init(title: Title, parts: [DownloadPart]) {
        self.title = title
        self.parts = parts.isEmpty ? [.video] : parts
        self.status = .queued
        self.progress = [:]
        self.attempt = 0
        self.samples = []
    }

    package var id: String { title.id }

    /// Before another attempt: the speed starts over, and a part that was stored (a copy since
    /// lost, a part whose sibling failed) counts again from its new reports. The other parts keep
    /// their bytes and size, which their `.part` files still hold: a retry that fails before its
    /// first report still says how far the download got.
    mutating func prepareNextAttempt() {
        progress = progress.filter { !$0.value.isFinished }
        samples = []
    }
}
