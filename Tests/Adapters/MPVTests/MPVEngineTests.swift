import TestSupport
import Catalog
import Glibc
@testable import MPV
import Player
import SpinTesting
import Synchronization
import Testing

/// Against a real mpv (no picture, no sound) playing the generated clip. Serialized: each test
/// runs an mpv, and timings hold better on a quiet machine.
@Suite("MPVEngine plays in a real mpv", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct MPVEngineTests {
    let clip: String

    init() throws {
        clip = try TestMedia.clip()
    }

    @Test("loading reports the duration and the three chapters")
    func load() async throws {
        let engine = MPVEngine(options: .test())
        let started = ContinuousClock.now
        var opened = OpenedTitle(.clip(clip), engine: engine)
        let info = try await opened.loaded()
        print("MPV timing: open() to .loaded in \(ContinuousClock.now - started)")
        let duration = try #require(info.duration)
        #expect(abs(duration - 12) < 0.2)
        #expect(info.chapters.map(\.title) == ["Intro", "Main", "Credits"])
        #expect(info.chapters.map { $0.start.rounded() } == [0, 3, 9])
        #expect(info.volume != nil)
        #expect(!info.isMuted)
        await opened.close()
    }

    @Test("HTTP headers for the title's server are given to mpv before it loads (and it accepts them)")
    func headers() async throws {
        var options = MPVOptions.test()
        options.httpHeaders = [clip.hasPrefix("/") ? "/" : "": ["Authorization: Bearer secret", "X-Test: 1"]]
        let engine = MPVEngine(options: options)
        var opened = OpenedTitle(.clip(clip), engine: engine)
        let info = try await opened.loaded()
        #expect(info.chapters.count == 3)
        await opened.close()
    }

    @Test("playing makes positions advance, one per second")
    func play() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        engine.play()
        let positions = await collect(2, of: engine.positions(of: .clip(clip), from: 0))
        #expect(positions.values == [1, 2])
        await opened.close()
    }

    @Test("pausing stops the positions")
    func pause() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        engine.play()
        #expect(await collect(1, of: engine.positions(of: .clip(clip), from: 0)).values == [1])
        engine.pause()
        // mpv takes the command a little later.
        let session = try #require(engine.currentSession)
        #expect(await eventually("mpv says it is paused") { await session.command(["get_property", "pause"])?.data.bool == true })
        // Paused, its playback does not advance (mpv's own word for it), and playing again
        // continues from where it paused (1, or 2 if the pause landed just after a second began).
        #expect(await session.command(["get_property", "core-idle"])?.data.bool == true)
        let pausedAt = try #require(await session.command(["get_property", "time-pos"])?.data.double)
        engine.play()
        #expect(await collect(1, of: engine.positions(of: .clip(clip), from: Int(pausedAt))).values == [Int(pausedAt) + 1])
        await opened.close()
    }

    @Test("an absolute seek returns once playback restarted there, and positions continue from it")
    func seek() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        let started = ContinuousClock.now
        await engine.seek(to: 6)
        print("MPV timing: seek(to: 6) returned in \(ContinuousClock.now - started)")
        engine.play()
        let positions = await collect(2, of: engine.positions(of: .clip(clip), from: 6))
        #expect(positions.values == [7, 8])
        await opened.close()
    }

    @Test("a seek to where it already is, and one past the end, still return")
    func seekInPlace() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        let returned = await collectSeeks(engine, to: [0, 0, 30])
        #expect(returned)
        await opened.close()
    }

    private func collectSeeks(_ engine: MPVEngine, to targets: [Int]) async -> Bool {
        let returned = Mutex(false)
        let seeking = Task {
            for target in targets { await engine.seek(to: target) }
            returned.withLock { $0 = true }
        }
        defer { seeking.cancel() }
        return await eventually("the seeks to \(targets) returned") { returned.withLock { $0 } }
    }

    @Test("a seek back while playing never yields a position from before it")
    func seekBack() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), at: 8, engine: engine)
        _ = try await opened.loaded()
        engine.play()
        #expect(await collect(1, of: engine.positions(of: .clip(clip), from: 8)).values == [9])
        await engine.seek(to: 2)
        let positions = await collect(2, of: engine.positions(of: .clip(clip), from: 2))
        #expect(positions.values == [3, 4])
        await opened.close()
    }

    @Test("opening at a position starts there")
    func openAt() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), at: 5, engine: engine)
        _ = try await opened.loaded()
        engine.play()
        #expect(await collect(1, of: engine.positions(of: .clip(clip), from: 5)).values == [6])
        await opened.close()
    }

    @Test("at the end the positions yield the title's duration and finish")
    func end() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        await engine.seek(to: 10)
        engine.play()
        let positions = await collect(10, of: engine.positions(of: .clip(clip), from: 10))
        #expect(positions.values == [11, 12])
        #expect(positions.finished)
        await opened.close()
    }

    @Test("the volume and mute are set in mpv")
    func volume() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip), engine: engine)
        _ = try await opened.loaded()
        engine.setVolume(40, muted: true)
        let session = try #require(engine.currentSession)
        let volume = await session.command(["get_property", "volume"])
        let mute = await session.command(["get_property", "mute"])
        #expect(volume?.data.double == 40)
        #expect(mute?.data == .bool(true))
        await opened.close()
    }
}

@Suite("MPVEngine with several titles and subtitles", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct MPVEngineRoutingTests {
    let clip: String

    init() throws {
        clip = try TestMedia.clip()
    }

    @Test("while two titles overlap, the calls go to the one opened last")
    func openedLast() async throws {
        let engine = MPVEngine(options: .test())
        var first = OpenedTitle(.clip(clip), engine: engine)
        _ = try await first.loaded()
        let firstSession = try #require(engine.currentSession)
        var second = OpenedTitle(.clip(clip), at: 3, engine: engine)
        _ = try await second.loaded()
        let secondSession = try #require(engine.currentSession)
        #expect(firstSession !== secondSession)
        engine.setVolume(30, muted: false)
        #expect(await secondSession.command(["get_property", "volume"])?.data.double == 30)
        #expect(await firstSession.command(["get_property", "volume"])?.data.double != 30)
        await first.close()
        await second.close()
    }

    @Test("the title's subtitles are added")
    func subtitles() async throws {
        let folder = "/tmp/spindle-mpv-tests-\(getpid())"
        mkdir(folder, 0o755)
        defer { _ = rmdir(folder) }
        let subtitles = folder + "/clip.srt"
        let text = "1\n00:00:00,000 --> 00:00:05,000\nHello\n"
        let file = try #require(fopen(subtitles, "w"))
        fputs(text, file)
        fclose(file)
        defer { _ = unlink(subtitles) }

        let engine = MPVEngine(options: .test())
        var title = Title.clip(clip)
        title.media?.subtitles = subtitles
        var opened = OpenedTitle(title, engine: engine)
        _ = try await opened.loaded()
        let session = try #require(engine.currentSession)
        let tracks = await session.command(["get_property", "track-list"])?.data.array ?? []
        #expect(tracks.contains { $0["type"]?.string == "sub" && $0["external-filename"]?.string == subtitles })
        await opened.close()
    }

    @Test("a path with quotes, a backslash, a newline and unicode reaches mpv intact")
    func oddPath() async throws {
        let folder = "/tmp/spindle-mpv-tests-\(getpid())"
        mkdir(folder, 0o755)
        defer { _ = rmdir(folder) }
        let link = folder + "/clip \"quoted\" \\ new\nline été 🎬.mkv"
        #expect(symlink(clip, link) == 0)
        defer { _ = unlink(link) }
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(link), engine: engine)
        let info = try await opened.loaded()
        #expect(info.chapters.count == 3)
        let path = await engine.currentSession?.command(["get_property", "path"])
        #expect(path?.data == .string(link))
        await opened.close()
    }

    @Test("a title without a duration ends at the media's")
    func mediaDuration() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(.clip(clip, duration: 0), engine: engine)
        _ = try await opened.loaded()
        await engine.seek(to: 11)
        engine.play()
        let positions = await collect(10, of: engine.positions(of: .clip(clip, duration: 0), from: 11))
        #expect(positions.values == [12])
        #expect(positions.finished)
        await opened.close()
    }
}
