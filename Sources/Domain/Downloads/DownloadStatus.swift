/// Where one title's download is.
///
///     download.status == .queued   // waits for one of the `maxConcurrent` slots
package enum DownloadStatus: Hashable, Sendable, Codable {
    /// Waits, in request order, for a slot.
    case queued
    /// Its parts are being fetched.
    case running
    /// Every part is stored locally.
    case finished(localVideo: String, localSubtitles: String?)
    /// A part failed; the message is for the user. Retry fetches it again, keeping how far it got.
    case failed(String)
    /// The user cancelled it. Retry fetches it again, keeping how far it got.
    case cancelled
    /// It was running when the app stopped (a crash, a quit): resumable with retry.
    case interrupted

    /// Queued or running: another request for the title is refused ("already downloading").
    package var isActive: Bool { self == .queued || self == .running }

    /// Failed, cancelled or interrupted: `retryRequested` queues it again.
    package var isRetryable: Bool {
        switch self {
        case .failed, .cancelled, .interrupted: true
        case .queued, .running, .finished: false
        }
    }
}
