import Catalog

/// Everything that can happen to the downloads, as facts: what the user asked (from a row of
/// the list) and what the effects reported. Titles are named by id.
///
///     DownloadsState.reduce(&state, .downloadRequested(title))
///     DownloadsState.reduce(&state, .progressed("film", .video, .received(4_096), at: .seconds(1)))
package enum DownloadsEvent: Equatable, Sendable, Codable {
    // MARK: The user

    /// Download `title` (its parts: `parts`, or `DownloadPart.parts(of:)` when nil). Refused
    /// with a notice while the title is queued or running, or already stored.
    case downloadRequested(Title, parts: [DownloadPart]? = nil)
    /// Stop a queued or running download; it can be retried.
    case cancelRequested(String)
    /// Queue a failed, cancelled or interrupted download again, at the back; its parts keep
    /// how far they got until the new attempt reports.
    case retryRequested(String)
    /// Forget the download (stopping it if needed) and delete its local copy.
    case removeRequested(String)
    /// The user has read the title's notice.
    case noticeDismissed(String)

    // MARK: The effects

    /// A part of a running download reported progress, at this time of the feedback's clock.
    case progressed(String, DownloadPart, DownloadProgress, at: Duration)
    /// A part of a running download failed; the message is for the user.
    case failed(String, DownloadPart, message: String)
    /// The local copy of a removed title was deleted, or could not be (the message says why).
    case localCopyDeleted(String, failure: String? = nil)
    /// A stored title's files are gone (deleted by hand, a disk unmounted): it is no longer
    /// offline, and `d` or retry downloads it again.
    case localCopyLost(String)
    /// A title found stored in the downloads folder that the state does not know of (its
    /// journal was lost): it is shown finished, so that its files are not orphaned.
    case localCopyFound(Title, LocalCopy)
}
