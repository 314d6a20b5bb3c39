import Catalog
import SpinTesting
import Testing
@testable import Downloads

/// Random sequences of what users, transfers and restarts do to the downloads, against a small
/// model: each title's download as active (queued or running), finished, failed, cancelled or
/// interrupted, the queue's order, the deletions still to do, the limit, and each running part's
/// transfer as a source would make it (its size, a resume, bytes, the stored file).
///
/// After every operation: the invariants hold, the statuses, the order and the deletions are the
/// model's, a part's bytes are the last its transfer reported, and a download that starts has no
/// download before it that could have started instead. At the end, every transfer and deletion is
/// answered until nothing is queued or running: every download is then finished, failed,
/// cancelled or interrupted.
@Suite("The downloads against a model, under random sequences")
struct DownloadsModelTests {
    static let titles: [Title] = [
        .sample("a"), .sample("b"), .sample("c", subtitles: true), .sample("d"), .sample("e", subtitles: true), .sample("f"),
    ]

    enum Operation: CustomStringConvertible {
        /// A download of the title, with its parts, or only its video.
        case request(Int, videoOnly: Bool)
        case cancel(Int)
        case retry(Int)
        case remove(Int)
        case dismissNotice(Int)
        /// The next report of a running download's part (the first running one from this index).
        case report(Int, DownloadPart, chunk: Int)
        /// A running download's part fails.
        case fail(Int, DownloadPart)
        /// The deletion of a removed title's copy ends, or fails.
        case deleted(Int, failed: Bool)
        /// A finished title's files are gone.
        case lost(Int)
        /// A title found stored in the folder.
        case found(Int)
        /// The app stops and starts again, with this limit (nil: the same).
        case restart(limit: Int?)

        var description: String {
            switch self {
            case .request(let index, let videoOnly): "request \(DownloadsModelTests.id(index))" + (videoOnly ? " (video only)" : "")
            case .cancel(let index): "cancel \(DownloadsModelTests.id(index))"
            case .retry(let index): "retry \(DownloadsModelTests.id(index))"
            case .remove(let index): "remove \(DownloadsModelTests.id(index))"
            case .dismissNotice(let index): "dismiss \(DownloadsModelTests.id(index))'s notice"
            case .report(let index, let part, let chunk): "report of a running download from \(DownloadsModelTests.id(index)), \(part) (+\(chunk))"
            case .fail(let index, let part): "a running download from \(DownloadsModelTests.id(index)) fails (\(part))"
            case .deleted(let index, let failed): "\(DownloadsModelTests.id(index))'s copy " + (failed ? "not deleted" : "deleted")
            case .lost(let index): "\(DownloadsModelTests.id(index))'s copy lost"
            case .found(let index): "\(DownloadsModelTests.id(index)) found stored"
            case .restart(let limit): "restart" + (limit.map { " with a limit of \($0)" } ?? "")
            }
        }
    }

    static func id(_ index: Int) -> String { titles[index % titles.count].id }

    static func randomOperation(_ random: inout RandomSequences.Generator) -> Operation {
        let index = Int.random(in: 0 ..< titles.count, using: &random)
        let part = Int.random(in: 0 ..< 4, using: &random) == 0 ? DownloadPart.subtitles : .video
        return switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 14: .request(index, videoOnly: Int.random(in: 0 ..< 5, using: &random) == 0)
        case 14 ..< 18: .cancel(index)
        case 18 ..< 24: .retry(index)
        case 24 ..< 27: .remove(index)
        case 27 ..< 28: .dismissNotice(index)
        case 28 ..< 80: .report(index, part, chunk: [1, 100, 700, 5_000].randomElement(using: &random)!)
        case 80 ..< 85: .fail(index, part)
        case 85 ..< 90: .deleted(index, failed: Int.random(in: 0 ..< 4, using: &random) == 0)
        case 90 ..< 92: .lost(index)
        case 92 ..< 95: .found(index)
        default: .restart(limit: [nil, 1, 2, 3, 5].randomElement(using: &random)!)
        }
    }

    struct Setting: CustomStringConvertible {
        var limit: Int
        /// Each title's parts' sizes on the server.
        var sizes: [String: Int]
        /// Whether the source says a part's size before its bytes.
        var announcesSizes: Bool
        /// Whether the source continues the bytes a part kept from an earlier attempt.
        var resumes: Bool

        var description: String {
            "limit \(limit), sizes \(sizes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))"
                + (announcesSizes ? "" : ", sizes unannounced") + (resumes ? ", resuming" : ", starting over")
        }
    }

    static func randomSetting(_ random: inout RandomSequences.Generator) -> Setting {
        var sizes: [String: Int] = [:]
        for title in titles { sizes[title.id] = [0, 1, 999, 4_000, 20_000].randomElement(using: &random)! }
        return Setting(limit: [1, 2, 3, 4].randomElement(using: &random)!, sizes: sizes,
                       announcesSizes: Int.random(in: 0 ..< 4, using: &random) > 0, resumes: Bool.random(using: &random))
    }

    /// One part's transfer in one attempt, as a source makes it: the size, a resume of the bytes
    /// kept, bytes, the stored file.
    struct Transfer {
        enum Stage { case size, resume, receiving(Int), done }

        var size: Int
        var kept: Int
        var stage = Stage.size

        /// The next report (nil when the part is stored), `chunk` bytes more than the last.
        mutating func next(announcing: Bool, chunk: Int, path: String) -> DownloadProgress? {
            switch stage {
            case .size:
                stage = .resume
                return .size(announcing ? size : nil)
            case .resume:
                stage = .receiving(kept)
                if kept > 0 { return .resumed(kept) }
                return next(announcing: announcing, chunk: chunk, path: path)
            case .receiving(let received):
                if received >= size {
                    stage = .done
                    return .finished(localPath: path)
                }
                let now = min(size, received + chunk)
                stage = .receiving(now)
                return .received(now)
            case .done:
                return nil
            }
        }
    }

    enum Phase: Equatable, CustomStringConvertible {
        case active, finished, failed, cancelled, interrupted

        init(_ status: DownloadStatus) {
            switch status {
            case .queued, .running: self = .active
            case .finished: self = .finished
            case .failed: self = .failed
            case .cancelled: self = .cancelled
            case .interrupted: self = .interrupted
            }
        }

        var description: String {
            switch self {
            case .active: "active"
            case .finished: "finished"
            case .failed: "failed"
            case .cancelled: "cancelled"
            case .interrupted: "interrupted"
            }
        }
    }

    /// The model, and the transfers of the running downloads.
    struct Run {
        let setting: Setting
        var state: DownloadsState
        var phases: [String: Phase] = [:]
        var order: [String] = []
        var deleting: Set<String> = []
        var limit: Int
        /// The running downloads' transfers, by title and part, for the attempt they belong to.
        var transfers: [String: (attempt: Int, parts: [DownloadPart: Transfer])] = [:]
        var time: Duration = .zero

        init(setting: Setting) {
            self.setting = setting
            state = DownloadsState(maxConcurrent: setting.limit)
            limit = setting.limit
        }

        mutating func send(_ event: DownloadsEvent) -> String? {
            let before = state
            DownloadsState.reduce(&state, event)
            return check(after: event, from: before)
        }

        /// The invariants, and what the model says.
        mutating func check(after event: Any, from before: DownloadsState) -> String? {
            if let broken = state.brokenInvariants.first { return "after \(event): \(broken)" }
            var statePhases: [String: Phase] = [:]
            for (id, download) in state.downloads { statePhases[id] = Phase(download.status) }
            if statePhases != phases {
                let differences = Set(statePhases.keys).union(phases.keys).sorted().compactMap { id -> String? in
                    statePhases[id] == phases[id] ? nil
                        : "\(id) is \(statePhases[id].map { "\($0)" } ?? "gone"), the model says \(phases[id].map { "\($0)" } ?? "gone")"
                }
                return "after \(event): " + differences.joined(separator: "; ")
            }
            if state.order != order { return "after \(event): the order is \(state.order), the model says \(order)" }
            if Set(state.removals.keys) != deleting {
                return "after \(event): deleting \(state.removals.keys.sorted()), the model says \(deleting.sorted())"
            }
            if state.maxConcurrent != limit { return "after \(event): a limit of \(state.maxConcurrent), the model says \(limit)" }
            // Whatever starts has nothing before it in the queue that could have started instead.
            for id in state.runningIDs where before.downloads[id]?.status != .running {
                let index = state.order.firstIndex(of: id)!
                if let skipped = state.order[..<index].first(where: { state.downloads[$0]?.status == .queued && state.removals[$0] == nil }) {
                    return "after \(event): \(id) started before \(skipped), queued ahead of it"
                }
            }
            // A part's bytes are what its transfer last said.
            for (id, running) in transfers {
                guard let download = state.downloads[id], download.status == .running || Phase(download.status) == .finished else { continue }
                for (part, transfer) in running.parts {
                    let expected: Int? = switch transfer.stage {
                    case .size, .resume: nil
                    case .receiving(let received): received
                    // A part that has no bytes and says no size is stored with the bytes it had.
                    case .done: transfer.size == 0 && !setting.announcesSizes ? nil : transfer.size
                    }
                    if let expected, download.progress[part]?.received != expected {
                        return "after \(event): \(id)'s \(part) has \(download.progress[part]?.received ?? 0) bytes, its transfer said \(expected)"
                    }
                }
            }
            startTransfers()
            return nil
        }

        /// Makes the transfers of the downloads that started, with what their parts kept.
        mutating func startTransfers() {
            transfers = transfers.filter { state.downloads[$0.key]?.status == .running && state.downloads[$0.key]?.attempt == $0.value.attempt }
            for id in state.runningIDs where transfers[id] == nil {
                let download = state.downloads[id]!
                let size = setting.sizes[id] ?? 0
                var parts: [DownloadPart: Transfer] = [:]
                for part in download.parts {
                    let partSize = part == .video ? size : size / 10
                    let kept = setting.resumes ? min(download.progress[part]?.received ?? 0, partSize) : 0
                    parts[part] = Transfer(size: partSize, kept: kept)
                }
                transfers[id] = (download.attempt, parts)
            }
        }

        /// The first running download from `index` on, in the titles' order.
        func running(from index: Int) -> String? {
            (0 ..< titles.count).map { DownloadsModelTests.id(index + $0) }.first { state.downloads[$0]?.status == .running }
        }

        mutating func report(_ id: String, _ part: DownloadPart, chunk: Int) -> String? {
            guard var running = transfers[id], var transfer = running.parts[part],
                  let progress = transfer.next(announcing: setting.announcesSizes, chunk: chunk, path: "local/\(id)/\(part)")
            else { return nil }
            running.parts[part] = transfer
            transfers[id] = running
            if running.parts.values.allSatisfy({ if case .done = $0.stage { true } else { false } }) { phases[id] = .finished }
            time += .milliseconds(chunk % 1_700)
            return send(.progressed(id, part, progress, at: time))
        }

        mutating func apply(_ operation: Operation) -> String? {
            switch operation {
            case .request(let index, let videoOnly):
                let title = titles[index % titles.count]
                switch phases[title.id] {
                case .active, .finished: break
                case nil, .failed, .cancelled, .interrupted:
                    phases[title.id] = .active
                    order.removeAll { $0 == title.id }
                    order.append(title.id)
                }
                return send(.downloadRequested(title, parts: videoOnly ? [.video] : nil))
            case .cancel(let index):
                let id = DownloadsModelTests.id(index)
                if phases[id] == .active { phases[id] = .cancelled }
                return send(.cancelRequested(id))
            case .retry(let index):
                let id = DownloadsModelTests.id(index)
                if let phase = phases[id], phase != .active, phase != .finished {
                    phases[id] = .active
                    order.removeAll { $0 == id }
                    order.append(id)
                }
                return send(.retryRequested(id))
            case .remove(let index):
                let id = DownloadsModelTests.id(index)
                if phases.removeValue(forKey: id) != nil {
                    order.removeAll { $0 == id }
                    deleting.insert(id)
                }
                return send(.removeRequested(id))
            case .dismissNotice(let index):
                return send(.noticeDismissed(DownloadsModelTests.id(index)))
            case .report(let index, let part, let chunk):
                guard let id = running(from: index) else { return nil }
                // A part the download does not fetch: its video instead.
                let fetched = transfers[id]?.parts[part] != nil ? part : .video
                return report(id, fetched, chunk: chunk)
            case .fail(let index, let part):
                guard let id = running(from: index) else { return nil }
                phases[id] = .failed
                return send(.failed(id, part, message: "the connection was lost"))
            case .deleted(let index, let failed):
                let id = DownloadsModelTests.id(index)
                guard deleting.remove(id) != nil else { return nil }
                return send(.localCopyDeleted(id, failure: failed ? "permission denied" : nil))
            case .lost(let index):
                let id = DownloadsModelTests.id(index)
                if phases[id] == .finished { phases[id] = .failed }
                return send(.localCopyLost(id))
            case .found(let index):
                let title = titles[index % titles.count]
                if phases[title.id] == nil, !deleting.contains(title.id) {
                    phases[title.id] = .finished
                    order.append(title.id)
                }
                let copy = LocalCopy(video: "local/\(title.id)/video", subtitles: title.media?.subtitles == nil ? nil : "local/\(title.id)/subtitles")
                return send(.localCopyFound(title, copy))
            case .restart(let newLimit):
                for id in state.runningIDs { phases[id] = .interrupted }
                if let newLimit { limit = newLimit }
                let before = state
                state = state.afterRestart(maxConcurrent: newLimit)
                // A new run's clock starts again.
                time = .zero
                return check(after: "the restart", from: before)
            }
        }

        /// Answers every transfer and deletion until nothing is queued or running.
        mutating func settle() -> String? {
            for _ in 0 ..< 10_000 {
                if let id = state.runningIDs.first {
                    guard let part = transfers[id]?.parts.first(where: { if case .done = $0.value.stage { false } else { true } })?.key else {
                        return "\(id) runs with nothing left to fetch"
                    }
                    if let failure = report(id, part, chunk: 5_000) { return "settling: \(failure)" }
                } else if let id = deleting.first {
                    deleting.remove(id)
                    if let failure = send(.localCopyDeleted(id)) { return "settling: \(failure)" }
                } else {
                    break
                }
            }
            if let stuck = state.downloads.values.first(where: { $0.status.isActive }) {
                return "with every transfer answered, \(stuck.id) is still \(stuck.status)"
            }
            return nil
        }
    }

    @Test("requests, cancels, retries, removals, reports, failures and restarts keep the queue where the model says, and every download ends")
    func randomSequences() {
        let ran = RandomSequences(seeds: 0 ..< 1_000, length: 1 ... 150).check(
            setup: Self.randomSetting, operation: Self.randomOperation
        ) { setting, operations in
            var run = Run(setting: setting)
            for operation in operations {
                if let failure = run.apply(operation) { return "\(operation): \(failure)" }
            }
            return run.settle()
        }
        #expect(ran.operations > 50_000)
        #expect(ran.sequences >= 1_000)
    }
}
