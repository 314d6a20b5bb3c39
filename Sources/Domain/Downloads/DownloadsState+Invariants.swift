import Spin

// What must always hold of the downloads, in one place. The reducer keeps these after every
// event (and `afterRestart` for the state it makes); the domain's tests check them after every
// event they send, `TestStore` after every event it reduces, and the app's downloads spin in
// debug builds. The transfers rely on them: never more than `maxConcurrent` run, a queued
// download is not left waiting while a slot is free, and a download's figures are its own parts'.
extension DownloadsState: InvariantRules {
    /// The rules, each with the name a failure reports.
    package enum Rule: String, CaseIterable, Sendable {
        case orderListsEachDownloadOnce = "the order lists every download once, and nothing else"
        case filedUnderTheirTitles = "each download and each deletion is filed under its title's id"
        case limitAtLeastOne = "at least one download may run"
        case runningWithinLimit = "no more downloads run than the limit"
        case queueMovesWhileSlotsAreFree =
            "a download waits only while every slot is taken, or while its old copy is being deleted"
        case deletionFirst = "a title whose old copy is still being deleted is neither fetched nor stored"
        case runningHasAnAttempt = "attempts are never negative, and a running download has started at least once"
        case progressOfItsParts = "progress is kept only for a download's own parts, and its bytes and sizes are never negative"
        case storedPartsAreWhole = "a stored part has all its bytes: as many received as its size, when its size is known"
        case partsAgreeWithStatus =
            "a queued download has no part stored, a running one has some still to fetch, a finished one has all of them"
        case samplesOnlyWhileRunning =
            "only a running download has speed samples, in time order, within the speed window, their bytes never falling"
    }


    /// Whether `rule` holds.
    package func holds(_ rule: Rule) -> Bool {
        switch rule {
        case .orderListsEachDownloadOnce:
            return order.count == downloads.count && Set(order) == Set(downloads.keys)
        case .filedUnderTheirTitles:
            return downloads.allSatisfy { $0.key == $0.value.id } && removals.allSatisfy { $0.key == $0.value.id }
        case .limitAtLeastOne:
            return maxConcurrent >= 1
        case .runningWithinLimit:
            return downloads.values.count { $0.status == .running } <= maxConcurrent
        case .queueMovesWhileSlotsAreFree:
            let running = downloads.values.count { $0.status == .running }
            return running >= maxConcurrent
                || downloads.values.allSatisfy { $0.status != .queued || removals[$0.id] != nil }
        case .deletionFirst:
            return removals.keys.allSatisfy { id in
                switch downloads[id]?.status {
                case .running, .finished: false
                case nil, .queued, .failed, .cancelled, .interrupted: true
                }
            }
        case .runningHasAnAttempt:
            return downloads.values.allSatisfy { $0.attempt >= 0 && ($0.status != .running || $0.attempt >= 1) }
        case .progressOfItsParts:
            return downloads.values.allSatisfy { download in
                download.progress.allSatisfy { part, progress in
                    download.parts.contains(part) && progress.received >= 0 && (progress.total ?? 0) >= 0
                }
            }
        case .storedPartsAreWhole:
            return downloads.values.allSatisfy { download in
                // A copy found in the folder is stored with no size known.
                download.progress.values.allSatisfy { !$0.isFinished || ($0.total ?? $0.received) == $0.received }
            }
        case .partsAgreeWithStatus:
            return downloads.values.allSatisfy(\.partsAgreeWithStatus)
        case .samplesOnlyWhileRunning:
            return downloads.values.allSatisfy { download in
                guard download.status == .running else { return download.samples.isEmpty }
                let samples = download.samples
                guard let first = samples.first, let last = samples.last else { return true }
                return last.at - first.at <= Self.speedWindow
                    && zip(samples, samples.dropFirst()).allSatisfy { $0.at <= $1.at && $0.bytes <= $1.bytes }
            }
        }
    }
}

extension Download {
    var partsAgreeWithStatus: Bool {
        let stored = parts.filter { progress[$0]?.isFinished == true }
        switch status {
        case .queued: return stored.isEmpty
        case .running: return stored.count < parts.count
        case .finished: return stored.count == parts.count
        case .failed, .cancelled, .interrupted: return true
        }
    }
}
