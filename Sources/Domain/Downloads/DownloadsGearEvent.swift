/// What the downloads spin tells other spins (the list, the player, a downloads screen) through a
/// `Gear`: each title's summary whenever what it shows changes, without anyone reading the
/// downloads' state.
///
///     let downloads = Gear<DownloadsGearEvent>()
///     Feedback.propagatingDownloads(to: downloads)                                   // in the downloads spin
///     Feedback<AppState, AppEvent>(attachedTo: downloads, receiving: AppEvent.download)   // in the app's
///
/// `DownloadsBoard` keeps what a receiver has heard, in request order.
package enum DownloadsGearEvent: Equatable, Sendable, Codable {
    /// The title's download appeared or changed: queued, a whole percent more, a new speed
    /// (at most once a second), finished, failed, cancelled, interrupted, or a notice.
    case changed(DownloadSummary)
    /// The download and its local copy are gone.
    case removed(id: String)

    /// The title the event is about.
    package var id: String {
        switch self {
        case .changed(let summary): summary.id
        case .removed(let id): id
        }
    }
}
