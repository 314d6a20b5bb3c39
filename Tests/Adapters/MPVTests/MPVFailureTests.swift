import TestSupport
import Catalog
import Glibc
import ProcessControl
@testable import MPV
import Player
import SpinTesting
import Testing

@Suite("MPVEngine when mpv cannot play or stops", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct MPVFailureTests {
    let clip: String

    init() throws {
        clip = try TestMedia.clip()
    }

    @Test("a missing file fails with a message naming it")
    func missingFile() async {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip("/nonexistent/clip \"1\".mkv"), engine: engine)
        let report = await opened.next()
        #expect(report == .failed("cannot play /nonexistent/clip \"1\".mkv: loading failed"))
        #expect(await opened.next() == nil)
    }

    @Test("mpv killed while playing fails the session, saying so")
    func killed() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        engine.play()
        let pid = try #require(engine.currentProcessID)
        let positions = engine.positions(of: .clip(clip), from: 0)
        kill(pid, SIGKILL)
        #expect(await opened.next() == .failed("mpv stopped: killed by signal 9"))
        #expect(await collect(100, of: positions).finished)
        #expect(await opened.next() == nil)
    }

    @Test("mpv stopped (SIGSTOP) fails as not answering within the reply timeout, and is killed")
    func stopped() async throws {
        // A reply timeout long enough for a loaded machine to load the clip in.
        let engine = MPVEngine(options: .test(replyTimeout: .seconds(2)))
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        engine.play()
        let pid = try #require(engine.currentProcessID)
        #expect(await stopProcess(pid))
        engine.pause()
        #expect(await opened.next() == .failed("mpv stopped answering"))
        #expect(await opened.next() == nil)
        #expect(!processExists(pid))
    }

    @Test("mpv stopped while playing is found by the hang watch, without any command")
    func stoppedWhilePlaying() async throws {
        let engine = MPVEngine(options: .test(replyTimeout: .seconds(2)))
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        engine.play()
        // Iterated throughout, as the player does while playing: that is what the watch guards.
        // Relayed, so that the test knows when the first position came: mpv is playing then.
        let positions = engine.positions(of: .clip(clip), from: 0)
        let (firstPosition, sawPosition) = AsyncStream.makeStream(of: Void.self)
        let relayed = AsyncStream<Int> { continuation in
            let relay = Task {
                for await position in positions {
                    sawPosition.yield()
                    continuation.yield(position)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in relay.cancel() }
        }
        let playing = Task { await collect(100, of: relayed) }
        let pid = try #require(engine.currentProcessID)
        var started = firstPosition.makeAsyncIterator()
        _ = await started.next()
        #expect(await stopProcess(pid))
        #expect(await opened.next() == .failed("mpv stopped answering"))
        #expect(await playing.value.finished)
        #expect(await opened.next() == nil)
        #expect(!processExists(pid))
    }

    @Test("cancelling open ends mpv before the sequence finishes")
    func cancel() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        let pid = try #require(engine.currentProcessID)
        #expect(processExists(pid))
        await opened.close()
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test("cancelling open while it loads ends mpv too")
    func cancelWhileLoading() async throws {
        let engine = MPVEngine(options: .test())
        let opened = OpenedTitle(.clip(clip), engine: engine)
        #expect(await eventually("mpv has started") { engine.currentProcessID != nil })
        let pid = try #require(engine.currentProcessID)
        await opened.close()
        #expect(!processExists(pid))
    }
}

@Suite("Starting mpv")
struct MPVStartTests {
    @Test("an executable that is not installed fails with what to do")
    func notInstalled() async {
        let engine = MPVEngine(options: .test(executable: "mpv-not-installed-here"))
        var opened = OpenedTitle(.clip("/tmp/clip.mkv"), engine: engine)
        #expect(await opened.next() == .failed("mpv is not installed: install it (sudo apt install mpv) to play video files"))
        #expect(await opened.next() == nil)
        #expect(engine.currentProcessID == nil)
    }

    @Test("mpv exits by itself once our end of its socket closes", .needsMPVAndFFmpeg)
    func diesWithUs() async throws {
        let executable = try #require(executablePath("mpv"))
        let process = try MPVProcess.spawn(
            executable: executable, arguments: MPVOptions.test().arguments(mediaTitle: "orphan")
        )
        // mpv is up and driven by this socket once it answers on it.
        let command = Array(#"{"command":["get_property","pid"],"request_id":1}"#.utf8) + [UInt8(ascii: "\n")]
        #expect(write(process.socket, command, command.count) == command.count)
        #expect(await eventually("mpv's answer on its socket") {
            var ready = pollfd(fd: process.socket, events: Int16(POLLIN), revents: 0)
            return poll(&ready, 1, 0) == 1
        })
        #expect(processExists(process.pid))
        close(process.socket)
        let exited = await eventually("mpv exited") { process.exit.current != nil }
        #expect(exited)
        if !exited { process.signal(SIGKILL) }
        #expect(process.exit.current == .exited(code: 0))
    }

    @Test("video modes: no display means sound only; extra arguments come last")
    func arguments() {
        let none = MPVOptions(video: .none, extraArguments: ["--vo=null"]).arguments(mediaTitle: "T")
        #expect(none.contains("--vid=no"))
        #expect(none.last == "--vo=null")
        #expect(none.contains("--input-ipc-client=fd://3"))
        #expect(none.contains("--force-media-title=T"))
        #expect(!MPVOptions(video: .window).arguments(mediaTitle: "T").contains("--vid=no"))
    }

    @Test("a server's headers go with its own URLs only, the longest prefix winning")
    func headersByServer() {
        let options = MPVOptions(httpHeaders: [
            "http://nas:8700/": ["Authorization: Bearer a"],
            "http://nas:8700/v2/": ["Authorization: Bearer b"],
        ])
        #expect(options.headers(for: "http://nas:8700/v1/titles/t1/video") == ["Authorization: Bearer a"])
        #expect(options.headers(for: "http://nas:8700/v2/x") == ["Authorization: Bearer b"])
        #expect(options.headers(for: "http://nas:87001/v1/x").isEmpty)
        #expect(options.headers(for: "http://elsewhere/x").isEmpty)
        #expect(!options.arguments(mediaTitle: "T").joined().contains("Bearer"), "never on the command line")
    }
}
