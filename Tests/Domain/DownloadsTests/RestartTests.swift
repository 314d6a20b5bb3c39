import Catalog
import Foundation
import Testing
@testable import Downloads

@Suite("After a restart: the journal's state, resumable")
struct RestartTests {
    /// A state as a crash left it: `done` stored, `mid` running at 40%, `waiting` queued,
    /// `broken` failed.
    func crashedState() -> DownloadsState {
        var state = DownloadsState(maxConcurrent: 2)
        state.send(.downloadRequested(.sample("done")), .downloadRequested(.sample("mid", subtitles: true)))
        state.complete("done")
        state.send(.downloadRequested(.sample("broken")), .failed("broken", .video, message: "lost"))
        state.send(.downloadRequested(.sample("waiting")), .downloadRequested(.sample("last")))
        state.send(.progressed("mid", .video, .size(900), at: .seconds(1)),
                   .progressed("mid", .subtitles, .size(100), at: .seconds(1)),
                   .progressed("mid", .video, .received(400), at: .seconds(2)))
        state.send(.noticeDismissed("x"), .downloadRequested(.sample("mid")))
        return state
    }

    @Test("the state survives JSON as it was")
    func codable() throws {
        let state = crashedState()
        #expect(state.runningIDs == ["mid", "waiting"])
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(DownloadsState.self, from: data) == state)
    }

    @Test("running downloads come back interrupted with their progress, the rest as they were")
    func afterRestart() throws {
        let decoded = try JSONDecoder().decode(DownloadsState.self, from: JSONEncoder().encode(crashedState()))
        let state = decoded.afterRestart()
        #expect(state.status("done") == .finished(localVideo: "local/done/video", localSubtitles: nil))
        #expect(state.status("mid") == .interrupted)
        #expect(state.downloads["mid"]?.fraction == 0.4)
        #expect(state.downloads["mid"]?.samples == [])
        #expect(state.status("broken") == .failed("lost"))
        // The slots the interrupted ones held go to the queue, in order.
        #expect(state.runningIDs == ["last"])
        #expect(state.status("waiting") == .interrupted)
        #expect(state.notices.isEmpty)
        #expect(state.lastChange == nil)
        var resumed = state
        resumed.send(.retryRequested("mid"))
        #expect(resumed.runningIDs == ["last", "mid"])
        #expect(resumed.downloads["mid"]?.attempt == 2)
    }
}

@Suite("The journal's filter")
struct JournalFilterTests {
    @Test("keeps every event but one .received per step of each part")
    func keepsOnePerStep() {
        let filter = DownloadsState.journalFilter(step: 100)
        let received = (0..<10).map { DownloadsEvent.progressed("a", .video, .received($0 * 30), at: .seconds($0)) }
        let kept = received.compactMap(filter)
        #expect(kept.map { if case .progressed(_, _, .received(let bytes), _) = $0 { bytes } else { -1 } } == [0, 120, 240])
        // The other part counts on its own; everything else is kept.
        #expect(filter(.progressed("a", .subtitles, .received(10), at: .zero)) != nil)
        #expect(filter(.progressed("a", .video, .size(300), at: .zero)) != nil)
        #expect(filter(.progressed("a", .video, .finished(localPath: "x"), at: .zero)) != nil)
        #expect(filter(.cancelRequested("a")) != nil)
        // A new attempt starts from 0 again: kept.
        #expect(filter(.progressed("a", .video, .received(5), at: .seconds(20))) != nil)
    }
}
