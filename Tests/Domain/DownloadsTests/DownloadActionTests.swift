import Catalog
import Spin
import SpinTesting
import Synchronization
import Testing
@testable import Downloads

@Suite("DownloadActions: Action's semantics, one execution per title")
struct DownloadActionTests {
    let time = VirtualTime()

    func start(_ actions: DownloadActions<SimulatedDownloadSource>, _ title: Title) -> Task<LocalCopy, any Error> {
        Task(executorPreference: time.executor) { try await actions.download(title) }
    }

    @Test("a title downloading is not enabled again; another title is; both finish")
    func notEnabledWhileRunning() async throws {
        let actions = DownloadActions(source: roundSource(clock: time.clock))
        let film = Title.sample("film", seconds: 4, subtitles: true)
        let first = start(actions, film)
        await time.settle()
        do {
            _ = try await actions.download(film)
            Issue.record("a second execution for a running title ran")
        } catch {
            guard case .notEnabled = error else { Issue.record("unexpected \(error)"); return }
        }
        let other = start(actions, .sample("other", seconds: 2))
        await time.advance(by: .seconds(4))
        #expect(try await first.value == LocalCopy(video: "local/film/video", subtitles: "local/film/subtitles.srt"))
        #expect(try await other.value == LocalCopy(video: "local/other/video"))
        // Enabled again once it ended.
        let again = start(actions, film)
        await time.advance(by: .seconds(4))
        #expect(try await again.value.video == "local/film/video")
    }

    @Test("both parts report progress while they run concurrently")
    func progress() async throws {
        let reports = Mutex<[String]>([])
        let actions = DownloadActions(source: roundSource(clock: time.clock)) { id, part, progress in
            if case .received(let bytes) = progress { reports.withLock { $0.append("\(id) \(part.rawValue) \(bytes)") } }
        }
        let task = start(actions, .sample("film", seconds: 2, subtitles: true))
        await time.advance(by: .seconds(1))
        #expect(Set(reports.withLock { $0 }) == ["film video 1000", "film subtitles 1000"])
        await time.advance(by: .seconds(1))
        _ = try await task.value
        #expect(reports.withLock { $0.last } == "film video 2000")
    }

    @Test("cancelling the caller cancels the execution: cancelled, not a partial success")
    func cancel() async {
        let actions = DownloadActions(source: roundSource(clock: time.clock))
        let film = Title.sample("film", seconds: 10, subtitles: true)
        let task = start(actions, film)
        await time.advance(by: .seconds(2))
        task.cancel()
        await #expect {
            _ = try await task.value
        } throws: { error in
            guard case .cancelled = error as? ActionError else { return false }
            return true
        }
        #expect(time.clock.pendingDeadlines.isEmpty)
    }

    @Test("a failure comes back as the source's message; a retry then succeeds")
    func errorThenRetry() async throws {
        let actions = DownloadActions(source: roundSource(clock: time.clock, failingAttempts: ["film": 1]))
        let film = Title.sample("film", seconds: 4, subtitles: true)
        var errors = actions.action(for: "film").errors.makeAsyncIterator()
        let failing = start(actions, film)
        await time.advance(by: .seconds(2))
        await #expect {
            _ = try await failing.value
        } throws: { error in
            guard case .underlyingError(let underlying) = error as? ActionError else { return false }
            return (underlying as? DownloadError)?.message == "the connection was lost at 50%; try again"
        }
        if case .underlyingError(let underlying) = await errors.next() {
            #expect("\(underlying)" == "the connection was lost at 50%; try again")
        } else {
            Issue.record("the failure was not published on errors")
        }
        let retry = start(actions, film)
        await time.advance(by: .seconds(4))
        #expect(try await retry.value == LocalCopy(video: "local/film/video", subtitles: "local/film/subtitles.srt"))
    }
}
