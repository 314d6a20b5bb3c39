import Foundation
import SpinTesting
import Testing
import TestSupport

/// The seek preview of a film of a folder library, playing in a real mpv (`--vo=null
/// --ao=null`) in a real terminal: tmux passes no pictures' protocol, so the frame is drawn in
/// half blocks in the terminal's 256 colours, which `capture-pane -e` shows.
@Suite("The seek preview, end to end", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct SeekPreviewEndToEndTests {
    @Test("the sheet is cached; the pointer resting on the bar shows its frame; three → from the start show the frame at 30 s (yellow) over the bar with its time, then it goes")
    func previewInHalfBlocks() async throws {
        let session = try TmuxSession(columns: 100, rows: 30)
        defer { session.close() }
        let film = session.directory.appendingPathComponent("media/Colours (2001)")
        try FileManager.default.createDirectory(at: film, withIntermediateDirectories: true)
        // A colour a 10 s: red, green, blue, yellow (30 s), cyan, magenta.
        try FileManager.default.copyItem(atPath: try TestMedia.colourSegments(),
                                         toPath: film.appendingPathComponent("Colours (2001).mkv").path)
        let previews = session.directory.path + "/cache/spindle/previews"
        // Double quotes: AppRun's command is inside single ones.
        let run = try AppRun(session, arguments: "--pictures blocks \(MPVEndToEndTests.mpvArguments) \"\(film.path)\"",
                             environment: "TERM=screen-256color XDG_CACHE_HOME=\(session.directory.path)/cache")
        try await session.waitForScreen { $0.contains("1 title") && $0.contains("Colours") }
        try session.send("Enter")
        try await session.waitForScreen(containing: "/ 1:00")
        // The sheet is made in the background as the film plays.
        let sheets = try await eventually("a preview sheet in \(previews)", observe: {
            ((try? FileManager.default.contentsOfDirectory(atPath: previews)) ?? []).filter { $0.hasSuffix(".png") }
        }, until: { $0.count == 1 })
        #expect(sheets[0].hasSuffix("-10s-10x10-160-0.png"), "\(sheets)")
        // The pointer first: while the HUD shows the app asks for every move (1003), and the
        // pointer resting on the bar at three quarters (45 s: the cyan frame at 40 s) previews
        // there for as long as it rests. Paused, so that the HUD stays however slow the machine
        // (playing, it hides 3 s after the last key, and motion is no longer asked for). The
        // sheet is decoded now, with no clock running.
        try session.send("Space")
        try await session.waitForScreen(containing: "⏸ Paused")
        let asked = try await eventually("motion asked for", observe: {
            try session.tmux(["display", "-p", "-t", "main", "#{mouse_any_flag}"])
        }, until: { $0.hasPrefix("1") })
        #expect(asked.hasPrefix("1"))
        try session.send("\u{1B}[<35;76;28M", literal: true)
        let hovered = try await eventually("the cyan frame under the pointer", every: TmuxSession.screenPoll, observe: {
            try await session.onOwnThread { try session.tmux(["capture-pane", "-p", "-e", "-t", "main"]) }
        }, until: { $0.contains("▀") && $0.contains("5;51m") })
        #expect(hovered.split(separator: "\n").filter { $0.contains("▀") }.count == 6, "\(hovered)")
        // Off the bar, it goes at once.
        try session.send("\u{1B}[<35;40;5M", literal: true)
        try await session.waitForScreen("the hover's preview gone") { !$0.contains("▀") }

        // Then the keys, from the start: the sheet is decoded already, so the frame shows as the
        // seek lands, and it stays 1.5 s after.
        try session.send("Left", "Left", "Left", "Left", "Left", "Left")
        try await session.waitForScreen("at the start, the preview gone") { $0.contains("0:00 / 1:00") && !$0.contains("▀") }
        try session.send("Right", "Right", "Right")
        // Pure yellow is colour 226 of the 256.
        let shown = try await eventually("the yellow frame over the bar", every: TmuxSession.screenPoll, observe: {
            try await session.onOwnThread { try session.tmux(["capture-pane", "-p", "-e", "-t", "main"]) }
        }, until: { $0.contains("▀") && $0.contains("5;226m") })
        let rows = shown.split(separator: "\n", omittingEmptySubsequences: false)
        let pictureRows = rows.indices.filter { rows[$0].contains("▀") }
        #expect(pictureRows.count == 6, "\(shown)")
        // Over the time's row, which is over the bar's (the fourth from the bottom).
        #expect(pictureRows.last == 25, "\(pictureRows)")
        #expect(rows[26].contains("0:3"), "\(rows[26])")
        // It goes 1.5 s after the seek landed.
        try await session.waitForScreen("the preview gone") { !$0.contains("▀") }

        // Back on the list no move is asked for.
        try session.send("q")
        try await session.waitForScreen(containing: "Enter play")
        let flag = try await eventually("motion no longer asked for", observe: {
            try session.tmux(["display", "-p", "-t", "main", "#{mouse_any_flag}"])
        }, until: { $0.hasPrefix("0") })
        #expect(flag.hasPrefix("0"))
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }
}
