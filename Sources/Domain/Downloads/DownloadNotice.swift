/// A short message about a title's download for the user, set by a request the reducer
/// refused, until the user dismisses it or the download moves on.
///
///     state.notices["film"] == .alreadyDownloading   // the second Enter on a running row
package enum DownloadNotice: Hashable, Sendable, Codable {
    /// A download was requested while one for the title was queued or running: nothing started.
    case alreadyDownloading
    /// A download was requested for a title already stored: nothing started.
    case alreadyDownloaded
    /// Deleting the local copy failed; the message is for the user.
    case removalFailed(String)

    /// The words the list shows.
    package var message: String {
        switch self {
        case .alreadyDownloading: "already downloading"
        case .alreadyDownloaded: "already downloaded"
        case .removalFailed(let message): "could not delete the local copy: \(message)"
        }
    }
}
