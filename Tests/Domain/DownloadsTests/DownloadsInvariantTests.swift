import Catalog
import Testing
@testable import Downloads

/// Each invariant of the downloads fails on a state built to break it, and only that one.
@Suite("The downloads' invariants name what a broken state breaks")
struct DownloadsInvariantTests {
    /// Two slots: a finished and removed (its copy still to delete), b running with some bytes
    /// in, c (video and subtitles) failed, d running, e queued: every rule holds.
    static var valid: DownloadsState {
        var state = DownloadsState(maxConcurrent: 2)
        state.send(.downloadRequested(.sample("a")), .downloadRequested(.sample("b")),
                   .downloadRequested(.sample("c", subtitles: true)), .downloadRequested(.sample("d")),
                   .downloadRequested(.sample("e")))
        state.complete("a", size: 100)
        state.send(.progressed("b", .video, .size(1_000), at: .seconds(1)),
                   .progressed("b", .video, .received(400), at: .seconds(2)),
                   .progressed("c", .video, .size(500), at: .seconds(2)),
                   .progressed("c", .video, .received(200), at: .seconds(3)),
                   .failed("c", .subtitles, message: "lost"),
                   .removeRequested("a"))
        return state
    }

    static func breaking(_ rule: DownloadsState.Rule) -> DownloadsState {
        var state = valid
        switch rule {
        case .orderListsEachDownloadOnce:
            state.order.append("b")
        case .filedUnderTheirTitles:
            state.removals["x"] = state.removals["a"]
        case .limitAtLeastOne:
            state = DownloadsState()
            state.maxConcurrent = 0
        case .runningWithinLimit:
            state.maxConcurrent = 1
        case .queueMovesWhileSlotsAreFree:
            state.maxConcurrent = 3
        case .deletionFirst:
            state.send(.downloadRequested(.sample("a")))
            state.maxConcurrent = 3
            state.downloads["a"]?.status = .running
            state.downloads["a"]?.attempt = 1
        case .runningHasAnAttempt:
            state.downloads["b"]?.attempt = 0
        case .progressOfItsParts:
            state.downloads["b"]?.progress[.subtitles] = PartProgress(received: 10)
        case .storedPartsAreWhole:
            state.downloads["c"]?.progress[.video]?.localPath = "local/c/video"
        case .partsAgreeWithStatus:
            state.downloads["e"]?.progress[.video] = PartProgress(received: 100, total: 100, localPath: "local/e/video")
        case .samplesOnlyWhileRunning:
            state.downloads["c"]?.samples = [ProgressSample(at: .seconds(3), bytes: 200)]
        }
        return state
    }

    @Test("a queue that finishes, fails, removes and waits keeps every rule")
    func validHolds() {
        let state = Self.valid
        #expect(state.brokenRules.isEmpty)
        #expect(state.runningIDs == ["b", "d"] && state.queuedIDs == ["e"] && state.status("c") == .failed("lost"))
        #expect(state.removals.keys.sorted() == ["a"])
    }

    @Test("a state built to break a rule breaks that rule alone", arguments: DownloadsState.Rule.allCases)
    func ruleFails(_ rule: DownloadsState.Rule) {
        let state = Self.breaking(rule)
        #expect(state.brokenRules == [rule])
        #expect(state.brokenInvariants == [rule.rawValue])
    }

    @Test("a state restored after a restart keeps every rule, with a lower limit too")
    func restart() {
        #expect(Self.valid.afterRestart().brokenRules.isEmpty)
        let lower = Self.valid.afterRestart(maxConcurrent: 1)
        #expect(lower.brokenRules.isEmpty)
        #expect(lower.runningIDs == ["e"])
    }
}
