import Catalog

/// Every download the user asked for, keyed by title id, in request order, and what the
/// effects must do: which downloads to fetch (`transferRequests`) and which copies to delete
/// (`removalRequests`). A value: the reducer (`DownloadsState.reduce`) is the only thing that
/// changes it.
///
///     var state = DownloadsState(maxConcurrent: 2)
///     DownloadsState.reduce(&state, .downloadRequested(film))
///     state.runningIDs          // ["film"]: the first `maxConcurrent` active downloads run
///     state.transferRequests    // film's video (and subtitles), attempt 1
///
/// The queue is FIFO in request order: after every event the first `maxConcurrent` queued or
/// running downloads run, the others wait. No clock is read: time reaches the state only in
/// progress events (`at:`), which is what speed and ETA are computed from.
package struct DownloadsState: Equatable, Sendable, Codable {
    /// The downloads by title id.
    package internal(set) var downloads: [String: Download]
    /// Title ids in request order (a retry moves its title to the back): the queue's order and
    /// the order a list shows.
    package internal(set) var order: [String]
    /// How many downloads run at once.
    package internal(set) var maxConcurrent: Int
    /// A notice per title, for the list to show next to the row.
    package internal(set) var notices: [String: DownloadNotice]
    /// Removed titles whose local copy is still to be deleted.
    package internal(set) var removals: [String: Title]
    /// What the last event changed that other spins should hear of (see `DownloadChange`);
    /// nil when it changed nothing they show.
    package internal(set) var lastChange: DownloadChange?

    /// How far back the speed is measured.
    package static let speedWindow: Duration = .seconds(5)

    package init(maxConcurrent: Int = 3) {
        self.downloads = [:]
        self.order = []
        self.maxConcurrent = max(1, maxConcurrent)
        self.notices = [:]
        self.removals = [:]
        self.lastChange = nil
    }

    /// The downloads in request order.
    package var list: [Download] { order.compactMap { downloads[$0] } }

    /// The ids of the running downloads, in request order.
    package var runningIDs: [String] { order.filter { downloads[$0]?.status == .running } }

    /// The ids of the queued downloads, in the order they will run.
    package var queuedIDs: [String] { order.filter { downloads[$0]?.status == .queued } }

    /// One request per running download: its parts, fetched concurrently by one execution of
    /// the title's `Action`.
    package var transferRequests: Set<TransferRequest> {
        var requests: Set<TransferRequest> = []
        for id in order {
            guard let download = downloads[id], download.status == .running else { continue }
            requests.insert(TransferRequest(title: download.title, parts: download.parts, attempt: download.attempt))
        }
        return requests
    }

    /// One request per removed title whose local copy is still to be deleted.
    package var removalRequests: Set<RemovalRequest> {
        Set(removals.values.map { RemovalRequest(title: $0) })
    }
}
