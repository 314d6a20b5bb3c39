import TestSupport
import Catalog
import JSON
@testable import MPV
import Player
import SpinTesting
import Testing

/// Tracks, subtitle delay and speed against a real mpv (no picture, no sound), on a generated
/// file with two audio tracks (eng, fra) and two subtitle tracks (eng, deu).
@Suite("MPVEngine's tracks and speed in a real mpv", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct MPVTracksTests {
    let title: Title

    init() throws {
        title = Title(id: "tracks", title: "Tracks", year: 2024, genre: "Test", duration: 6, introStart: 0, introEnd: 0,
                      creditsStart: 6, media: TitleMedia(video: try TestMedia.clipWithTracks()))
    }

    /// mpv's answer for `property`.
    static func property(_ property: String, of engine: MPVEngine) async throws -> JSONValue {
        let session = try #require(engine.currentSession)
        return try #require(await session.command(["get_property", .string(property)])).data
    }

    /// Waits until `property` reads as `expected` (mpv takes `set_property` a little later).
    static func waitFor(
        _ property: String, of engine: MPVEngine, sourceLocation: SourceLocation = #_sourceLocation,
        _ expected: (JSONValue) -> Bool
    ) async throws -> Bool {
        try await eventually("mpv's \(property) as expected", sourceLocation: sourceLocation) {
            expected(try await Self.property(property, of: engine))
        }
    }

    @Test("loading lists the two audio and two subtitle tracks with their languages, titles and codecs")
    func trackList() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(title, engine: engine)
        let info = try await opened.loaded()
        let audio = info.tracks.filter { $0.kind == .audio }
        let subtitles = info.tracks.filter { $0.kind == .subtitles }
        #expect(audio.map(\.id) == [1, 2])
        #expect(audio.map(\.language) == ["eng", "fra"])
        #expect(audio.map(\.title) == ["English", "Français"])
        #expect(audio.allSatisfy { $0.codec != nil })
        #expect(audio.first?.isSelected == true)
        #expect(subtitles.map(\.language) == ["eng", "deu"])
        #expect(subtitles.map(\.codec) == ["subrip", "subrip"])
        await opened.close()
    }

    @Test("the chosen audio track, subtitles, delay and speed reach mpv, and so do later changes")
    func setPlayback() async throws {
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(title, engine: engine)
        _ = try await opened.loaded()
        engine.setPlayback(PlaybackChoice(audioTrack: 2, subtitles: .track(2), subtitleDelay: 300, speed: 150))
        #expect(try await Self.waitFor("current-tracks/audio/lang", of: engine) { $0.string == "fra" })
        #expect(try await Self.waitFor("current-tracks/sub/lang", of: engine) { $0.string == "deu" })
        #expect(try await Self.waitFor("sub-delay", of: engine) { abs(($0.double ?? 0) - 0.3) < 0.001 })
        #expect(try await Self.waitFor("speed", of: engine) { abs(($0.double ?? 0) - 1.5) < 0.001 })

        engine.setPlayback(PlaybackChoice(audioTrack: 1, subtitles: .off, subtitleDelay: 300, speed: 150))
        #expect(try await Self.waitFor("current-tracks/audio/lang", of: engine) { $0.string == "eng" })
        #expect(try await Self.waitFor("sid", of: engine) { $0.string == "no" || $0.bool == false })
        await opened.close()
    }

    @Test("at 2x mpv plays at speed 2, and the positions still come one per second of the media")
    func doubleSpeed() async throws {
        // How fast they come in real time is a timing: `make bench`'s, not a test's.
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(title, engine: engine)
        _ = try await opened.loaded()
        engine.setPlayback(PlaybackChoice(speed: 200))
        #expect(try await Self.waitFor("speed", of: engine) { $0.double == 2 })
        engine.play()
        let positions = await collect(4, of: engine.positions(of: title, from: 0))
        #expect(positions.values == [1, 2, 3, 4])
        #expect(try await Self.property("speed", of: engine).double == 2)
        await opened.close()
    }
}
