import Catalog

/// What another spin shows of one title's download: a row of the downloads screen, a bar and a
/// percentage in the list, the offline mark, the player's HUD. Sent through the gear
/// (`DownloadsGearEvent.changed`), so that no spin reads the downloads' state.
///
///     let summary = state.summary(of: "film")!
///     summary.percent, summary.bytesPerSecond, summary.eta
package struct DownloadSummary: Hashable, Sendable, Codable {
    package var title: Title
    package var status: DownloadStatus
    /// Combined progress (0 … 1) and as a whole percentage, rounded down.
    package var fraction: Double
    package var percent: Int
    package var receivedBytes: Int
    /// Nil until every part's size is known.
    package var totalBytes: Int?
    /// Nil while not running or not measurable yet.
    package var bytesPerSecond: Double?
    package var eta: Duration?
    /// The title's notice ("already downloading"), if it has one.
    package var notice: DownloadNotice?

    package var id: String { title.id }

    package init(title: Title, status: DownloadStatus, fraction: Double = 0, percent: Int = 0, receivedBytes: Int = 0,
                totalBytes: Int? = nil, bytesPerSecond: Double? = nil, eta: Duration? = nil, notice: DownloadNotice? = nil) {
        self.title = title
        self.status = status
        self.fraction = fraction
        self.percent = percent
        self.receivedBytes = receivedBytes
        self.totalBytes = totalBytes
        self.bytesPerSecond = bytesPerSecond
        self.eta = eta
        self.notice = notice
    }

    /// The local files, once the title is stored.
    package var localCopy: (video: String, subtitles: String?)? {
        if case .finished(let video, let subtitles) = status { return (video, subtitles) }
        return nil
    }
}

extension DownloadsState {
    /// The summary of the title's download; nil when there is none (never requested, removed).
    package func summary(of id: String) -> DownloadSummary? {
        guard let download = downloads[id] else { return nil }
        return DownloadSummary(
            title: download.title, status: download.status, fraction: download.fraction, percent: download.percent,
            receivedBytes: download.receivedBytes, totalBytes: download.totalBytes,
            bytesPerSecond: download.bytesPerSecond, eta: download.eta, notice: notices[id])
    }
}
