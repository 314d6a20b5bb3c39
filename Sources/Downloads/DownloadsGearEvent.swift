/// What the downloads spin tells other spins (the list, the player) through a `Gear`: enough to
/// draw a bar with a percentage per title and an offline mark, without knowing the downloads'
/// state.
///
///     let downloads = Gear<DownloadsGearEvent>()
///     Feedback.propagatingDownloads(to: downloads)                    // in the downloads spin
///     Feedback<ListState, ListEvent>(attachedTo: downloads, receiving: ListEvent.download)   // in the list's
public enum DownloadsGearEvent: Equatable, Sendable, Codable {
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

    /// The title the event is about.
    public var id: String {
        switch self {
        case .queued(let id), .progress(let id, _), .finished(let id, _, _), .failed(let id, _),
             .cancelled(let id), .removed(let id):
            id
        }
    }
}
