/// What an event changed in one title's download that other spins show
/// (`DownloadsState.lastChange`): the gear's feedback (`propagatingDownloads(to:)`) sends that
/// title's new summary when there is one.
///
///     DownloadsState.reduce(&state, .cancelRequested("film"))
///     state.lastChange   // .cancelled(id: "film")
package enum DownloadChange: Equatable, Sendable, Codable {
    /// The title was queued (0%): it waits for a slot.
    case queued(id: String)
    /// The title's combined progress reached another whole percent (`fraction` 0 … 1).
    case progress(id: String, fraction: Double)
    /// The title is stored locally: it can play offline from `localVideo`.
    case finished(id: String, localVideo: String, localSubtitles: String?)
    /// The download failed; the message is for the user.
    case failed(id: String, message: String)
    /// The user cancelled the download.
    case cancelled(id: String)
    /// The download and its local copy are gone.
    case removed(id: String)
    /// A request was refused, or a deletion failed: the title has a notice
    /// (`DownloadsState.notices`).
    case noticed(id: String)

    /// The title the event is about.
    package var id: String {
        switch self {
        case .queued(let id), .progress(let id, _), .finished(let id, _, _), .failed(let id, _),
             .cancelled(let id), .removed(let id), .noticed(let id):
            id
        }
    }
}
