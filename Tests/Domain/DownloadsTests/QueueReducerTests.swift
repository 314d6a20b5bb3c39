import Catalog
import Testing
@testable import Downloads

@Suite("The queue: a limit, FIFO, one download per title")
struct QueueReducerTests {
    let a = Title.sample("a"), b = Title.sample("b"), c = Title.sample("c"), d = Title.sample("d")

    @Test("the first maxConcurrent requests run, the others wait in request order")
    func limit() {
        var state = DownloadsState(maxConcurrent: 2)
        state.send(.downloadRequested(a), .downloadRequested(b), .downloadRequested(c), .downloadRequested(d))
        #expect(state.runningIDs == ["a", "b"])
        #expect(state.queuedIDs == ["c", "d"])
        #expect(state.order == ["a", "b", "c", "d"])
        #expect(state.transferRequests == [
            TransferRequest(title: a, parts: [.video], attempt: 1), TransferRequest(title: b, parts: [.video], attempt: 1),
        ])
    }

    @Test("when a download ends the next queued one starts (FIFO), whichever ended")
    func fifo() {
        var state = DownloadsState(maxConcurrent: 2)
        state.send(.downloadRequested(a), .downloadRequested(b), .downloadRequested(c), .downloadRequested(d))
        state.complete("b")
        #expect(state.status("b") == .finished(localVideo: "local/b/video", localSubtitles: nil))
        #expect(state.runningIDs == ["a", "c"])
        state.send(.failed("a", .video, message: "lost"))
        #expect(state.status("a") == .failed("lost"))
        #expect(state.runningIDs == ["c", "d"])
        #expect(state.queuedIDs.isEmpty)
    }

    @Test("the default limit is 3")
    func defaultLimit() {
        var state = DownloadsState()
        state.send(.downloadRequested(a), .downloadRequested(b), .downloadRequested(c), .downloadRequested(d))
        #expect(state.runningIDs == ["a", "b", "c"])
        #expect(state.queuedIDs == ["d"])
    }

    @Test("a request for a queued or running title starts nothing and says 'already downloading'")
    func alreadyDownloading() {
        var state = DownloadsState(maxConcurrent: 1)
        state.send(.downloadRequested(a), .downloadRequested(b))
        var before = state
        state.send(.downloadRequested(a))
        #expect(state.notices == ["a": .alreadyDownloading])
        #expect(state.lastChange == .noticed(id: "a"))
        before.notices["a"] = .alreadyDownloading
        before.lastChange = .noticed(id: "a")
        #expect(state == before)
        state.send(.downloadRequested(b))
        #expect(state.notices["b"] == .alreadyDownloading)
        #expect(state.order == ["a", "b"])
        #expect(state.downloads["a"]?.attempt == 1)
        #expect(DownloadNotice.alreadyDownloading.message == "already downloading")
        state.send(.noticeDismissed("a"))
        #expect(state.notices["a"] == nil)
    }

    @Test("a request for a stored title starts nothing and says 'already downloaded'")
    func alreadyDownloaded() {
        var state = DownloadsState()
        state.send(.downloadRequested(a))
        state.complete("a")
        state.send(.downloadRequested(a))
        #expect(state.notices["a"] == .alreadyDownloaded)
        #expect(state.runningIDs.isEmpty)
    }

    @Test("cancelling a running download frees its slot; cancelling a queued one skips it")
    func cancel() {
        var state = DownloadsState(maxConcurrent: 1)
        state.send(.downloadRequested(a), .downloadRequested(b), .downloadRequested(c))
        state.send(.cancelRequested("b"))
        #expect(state.status("b") == .cancelled)
        #expect(state.lastChange == .cancelled(id: "b"))
        #expect(state.runningIDs == ["a"])
        state.send(.cancelRequested("a"))
        #expect(state.status("a") == .cancelled)
        #expect(state.runningIDs == ["c"])
        #expect(state.transferRequests.map(\.title.id) == ["c"])
        // A late report for the cancelled download changes nothing.
        let before = state
        state.send(.progressed("a", .video, .received(50), at: .seconds(1)))
        #expect(state.downloads == before.downloads)
    }

    @Test("retry queues a failed, cancelled or interrupted download again, at the back, keeping how far it got")
    func retry() {
        var state = DownloadsState(maxConcurrent: 1)
        state.send(.downloadRequested(a), .downloadRequested(b))
        state.send(.progressed("a", .video, .size(100), at: .zero), .progressed("a", .video, .received(40), at: .seconds(1)))
        state.send(.failed("a", .video, message: "lost"))
        #expect(state.runningIDs == ["b"])
        state.send(.retryRequested("a"))
        #expect(state.status("a") == .queued)
        #expect(state.order == ["b", "a"])
        #expect(state.downloads["a"]?.progress == [.video: PartProgress(received: 40, total: 100)])
        #expect(state.downloads["a"]?.samples == [])
        #expect(state.lastChange == .queued(id: "a"))
        state.complete("b")
        #expect(state.runningIDs == ["a"])
        #expect(state.downloads["a"]?.attempt == 2)
        #expect(state.transferRequests == [TransferRequest(title: a, parts: [.video], attempt: 2)])
        // Nothing to retry while it runs or once stored.
        let running = state
        state.send(.retryRequested("a"))
        #expect(state.downloads == running.downloads)
        state.send(.cancelRequested("a"), .retryRequested("a"))
        #expect(state.status("a") == .running)
        #expect(state.downloads["a"]?.attempt == 3)
    }

    @Test("a new request for a failed title queues it again, like retry")
    func requestAfterFailure() {
        var state = DownloadsState()
        state.send(.downloadRequested(a), .failed("a", .video, message: "lost"), .downloadRequested(a))
        #expect(state.status("a") == .running)
        #expect(state.downloads["a"]?.attempt == 2)
        #expect(state.notices.isEmpty)
    }

    @Test("remove forgets the download, stops it, and asks for its local copy to be deleted")
    func remove() {
        var state = DownloadsState(maxConcurrent: 1)
        state.send(.downloadRequested(a), .downloadRequested(b))
        state.send(.removeRequested("a"))
        #expect(state.downloads["a"] == nil)
        #expect(state.order == ["b"])
        #expect(state.runningIDs == ["b"])
        #expect(state.removalRequests == [RemovalRequest(title: a)])
        #expect(state.lastChange == .removed(id: "a"))
        state.send(.localCopyDeleted("a"))
        #expect(state.removalRequests.isEmpty)
    }

    @Test("a title downloaded again while its old copy is being deleted waits for the deletion")
    func requestDuringRemoval() {
        var state = DownloadsState()
        state.send(.downloadRequested(a))
        state.complete("a")
        state.send(.removeRequested("a"), .downloadRequested(a))
        #expect(state.status("a") == .queued)
        #expect(state.transferRequests.isEmpty)
        state.send(.localCopyDeleted("a", failure: "permission denied"))
        #expect(state.status("a") == .running)
        #expect(state.notices["a"] == .removalFailed("permission denied"))
    }
}

@Suite("A stored title whose files are gone")
struct LocalCopyLostTests {
    @Test("is failed with a message, and d downloads it again")
    func lostThenAgain() {
        let film = Title.sample("film")
        var state = DownloadsState()
        state.send(.downloadRequested(film), .progressed("film", .video, .finished(localPath: "/x/video"), at: .seconds(1)))
        state.send(.localCopyLost("film"))
        #expect(state.downloads["film"]?.status == .failed("the local copy is gone; d downloads it again"))
        #expect(state.lastChange == .failed(id: "film", message: "the local copy is gone; d downloads it again"))
        state.send(.downloadRequested(film))
        #expect(state.downloads["film"]?.status == .running)
        state.send(.localCopyLost("film"))
        #expect(state.downloads["film"]?.status == .running, "only a stored title can lose its copy")
    }
}
