import Library
import MediaScan
import AppCore
import Synchronization

/// Scans the library's folders one after another (`LibraryScan` on each, its files from the
/// folder walker on a thread of its own) and reports one `ScanStatus` for them all, and when
/// titles were added or removed.
///
///     let scan = FolderScan(database: database, folders: ["/media/films"], prober: FFProbe())
///     await scan.run { status, changed in print(status.summary ?? "done") }
struct FolderScan: Sendable {
    let database: LibraryDatabase
    let folders: [String]
    let prober: any MediaProber
    /// Makes the scanned videos' posters once the files are scanned (nil: none are made).
    var art: ArtFinder? = nil

    /// Runs to the end (or until cancelled); `report` gets the status after each step and
    /// whether titles were added or removed since the last report that said so.
    func run(report: @escaping @Sendable (ScanStatus, _ changed: Bool) -> Void) async {
        var finished = ScanStatus()
        var problems: [String] = []
        var skipped: [String] = []
        for folder in folders {
            if Task.isCancelled { return }
            let walk = WalkedFiles(folder: folder)
            let base = finished
            let scan = LibraryScan(database: database, prober: prober)
            let changes = ChangeCounter()
            do {
                let last = try await scan.run(root: folder, files: walk.files) { progress in
                    let changed = changes.isChanged(by: progress.new + progress.removed)
                    report(ScanStatus(done: base.done + progress.done, total: base.total + progress.total,
                                      failed: base.failed + progress.failed), changed)
                }
                finished.done += last.done
                finished.total += last.total
                finished.failed += last.failed
            } catch is CancellationError {
                return
            } catch {
                problems.append("\(error)")
            }
            problems += walk.problems
            skipped += walk.skipped
        }
        if Task.isCancelled { return }
        finished.isFinished = true
        finished.problem = Self.oneLine(problems)
        finished.skipped = Self.oneLine(skipped)
        report(finished, false)
        guard let art else { return }
        let base = finished
        let pictures = await ArtPrewarm(database: database, finder: art).run(roots: folders) { pictures in
            var status = base
            status.pictures = pictures
            report(status, false)
        }
        if Task.isCancelled { return }
        finished.pictures = pictures
        report(finished, false)
    }

    /// The first message, and how many more.
    private static func oneLine(_ messages: [String]) -> String? {
        messages.first.map { messages.count > 1 ? "\($0) (and \(Formatting.count(messages.count - 1)) more)" : $0 }
    }
}

/// Whether the count of added and removed titles went up since it was last asked.
private final class ChangeCounter: Sendable {
    private let last = Mutex(0)

    func isChanged(by count: Int) -> Bool {
        last.withLock { last in
            defer { last = count }
            return count > last
        }
    }
}
