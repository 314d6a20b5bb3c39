import Foundation
import SpinTesting
import Testing
import TestSupport

/// Tracks and speed in a real mpv (`--vo=null --ao=null`) under the HUD, in a real terminal,
/// on a generated file with two audio tracks (eng, fra) and two subtitle tracks (eng, deu).
@Suite("Tracks and speed, end to end", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct TracksEndToEndTests {
    static func catalog(in session: TmuxSession) throws -> String {
        let clip = try TestMedia.clipWithTracks()
        let path = session.directory.appendingPathComponent("tracks.jsonl").path
        let line = #"{"id":"tracks","title":"Two Tongues","year":2024,"genre":"Test","video":"\#(clip)"}"#
        try (line + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts spindle on the catalog, plays its title in mpv and pauses it: paused, the HUD
    /// stays and the clip (6 s) does not end under the test.
    static func startPaused(in session: TmuxSession) async throws -> AppRun {
        let catalog = try catalog(in: session)
        let run = try AppRun(session, arguments: "--catalog \(catalog) \(MPVEndToEndTests.mpvArguments)")
        try await session.waitForScreen(containing: "Two Tongues")
        try session.send("Enter")
        try await Self.pauseAtTheStart(in: session)
        return run
    }

    /// Pauses the playing clip at 0:00: lets it end (6 s), then seeks back, which leaves it
    /// paused. (A Space on its way while the clip ends would replay it: on a loaded machine the
    /// 6 s can pass before the first frame of the player is seen.)
    static func pauseAtTheStart(in session: TmuxSession) async throws {
        try await session.waitForScreen { $0.contains("/ 0:06") && $0.contains("■ Ended") }
        try session.send("Left")
        try await session.waitForScreen("paused at 0:00") { $0.contains("⏸ Paused") && PlayerEndToEndTests.position($0) == 0 }
    }

    /// The HUD's tracks line (above the progress bar).
    static func tracksLine(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.contains("Speed ") }.map(String.init) ?? ""
    }

    @Test("# cycles the audio, j the subtitles, ] the speed, the HUD shows them; played again, the title keeps them")
    func cycleAndRestore() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try await Self.startPaused(in: session)
        let paused = try await session.waitForScreen { $0.contains("⏸ Paused") && $0.contains("Audio English (eng") }
        #expect(paused.split(separator: "\n").last?.contains("t tracks") == true)

        try session.send("#")
        try await session.waitForScreen { Self.tracksLine($0).contains("Audio Français (fra") }
        // Whatever mpv chose at first, the German track comes within three presses of j.
        for _ in 0..<3 {
            let before = Self.tracksLine(try session.screen())
            if before.contains("Subtitles Deutsch (deu") { break }
            try session.send("j")
            try await session.waitForScreen { Self.tracksLine($0) != before }
        }
        try await session.waitForScreen { Self.tracksLine($0).contains("Subtitles Deutsch (deu, subrip)") }
        try session.send("]")
        let faster = try await session.waitForScreen { Self.tracksLine($0).contains("Speed 1.1x") }
        #expect(faster.contains("⏸ Paused  1.1x"))

        try session.send("Escape")
        try await session.waitForScreen { $0.contains("1 title") && !$0.contains("Paused") }
        try session.send("Enter")
        try await Self.pauseAtTheStart(in: session)
        // The seek to 0:00 shows its time over the tracks line for a moment (the seek preview).
        let restored = try await session.waitForScreen {
            Self.tracksLine($0).contains("Speed 1.1x") && Self.tracksLine($0).contains("Audio ") && $0.contains("⏸ Paused")
        }
        let line = Self.tracksLine(restored)
        #expect(line.contains("Audio Français (fra"), "\(line)")
        #expect(line.contains("Subtitles Deutsch (deu"), "\(line)")

        try session.send("q")
        try await session.waitForScreen { $0.contains("1 title") && !$0.contains("Paused") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("t opens the picker over the player: ↓ Enter plays the French track")
    func picker() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try await Self.startPaused(in: session)
        try await session.waitForScreen(containing: "⏸ Paused")
        try session.send("t")
        try await session.waitForScreen { $0.contains("Tracks") && $0.contains("Deutsch (deu, subrip)") && $0.contains("Enter choose") }
        try session.send("Down", "Enter")
        let chosen = try await session.waitForScreen { !$0.contains("Enter choose") && Self.tracksLine($0).contains("Audio Français") }
        #expect(chosen.contains("⏸ Paused"))
        try session.send("C-c")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }
}
