import Library
import MediaScan
import Spin
import AppCore
import Synchronization

/// The library's background scan as a feedback: at start and at every `R` (`scanGeneration`)
/// the library's folders are scanned; the header follows with `scanProgressed`, and the list
/// is loaded again (`catalogChanged`) when titles were stored, at most once a second and once
/// at the end. Quitting cancels the scan; what was stored stays.
enum ScanFeedback {
    static func feedback(
        database: LibraryDatabase, folders: @escaping @Sendable () async -> [String], prober: any MediaProber,
        art: ArtFinder? = nil
    ) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.scanGeneration }, effects: { _ in
            AsyncStream<AppEvent> { continuation in
                // Scanning from the start: the list says so rather than that the catalog is empty.
                continuation.yield(.scanProgressed(ScanStatus()))
                let task = Task {
                    let scan = FolderScan(database: database, folders: await folders(), prober: prober, art: art)
                    let pacing = ChangePacing()
                    await scan.run { status, changed in
                        continuation.yield(.scanProgressed(status))
                        if pacing.shouldTell(changed: changed, isLast: status.isFinished) {
                            continuation.yield(.list(.catalogChanged))
                        }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }
}

/// At most one list reload a second while a scan stores titles, and one at its end if any
/// change was not told yet.
final class ChangePacing: Sendable {
    /// When a reload was last told, and whether a change waits to be told.
    private let told = Mutex((last: ContinuousClock.Instant?.none, untold: false))
    private let interval: Duration

    init(interval: Duration = .seconds(1)) {
        self.interval = interval
    }

    func shouldTell(changed: Bool, isLast: Bool, now: ContinuousClock.Instant = .now) -> Bool {
        told.withLock { told in
            if changed { told.untold = true }
            guard told.untold else { return false }
            if isLast || told.last.map({ now - $0 >= interval }) ?? true {
                told.last = now
                told.untold = false
                return true
            }
            return false
        }
    }
}
