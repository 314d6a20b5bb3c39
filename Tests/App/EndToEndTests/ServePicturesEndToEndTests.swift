import Foundation
import SpinTesting
import Testing
import TestSupport

/// A server's pictures in a client, end to end: `spindle serve` over a folder with a show and a
/// film, and `spindle --pictures blocks http://…` in a real terminal, which tmux shows in half
/// blocks in its 256 colours (`capture-pane -e`).
@Suite("A server's pictures, end to end", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct ServePicturesEndToEndTests {
    @Test("a show's card shows the poster of its folder on the server; a served film's seek preview shows the frame at 30 s")
    func showPosterAndSeekPreview() async throws {
        let session = try TmuxSession(columns: 120, rows: 40)
        defer { session.close() }
        let media = session.directory.appendingPathComponent("media")
        let show = media.appendingPathComponent("Night Harbor")
        let season = show.appendingPathComponent("Season 1")
        let film = media.appendingPathComponent("Colours (2001)")
        for folder in [season, film] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 4),
                                         toPath: season.appendingPathComponent("Night Harbor S01E01.mkv").path)
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=red:s=100x150", "-frames:v", "1", show.appendingPathComponent("poster.png").path])
        // A colour a 10 s: red, green, blue, yellow (30 s), cyan, magenta.
        try FileManager.default.copyItem(atPath: try TestMedia.colourSegments(),
                                         toPath: film.appendingPathComponent("Colours (2001).mkv").path)
        try ServeEndToEndTests.spindle(["scan", media.path], in: session)
        let server = try await ServeEndToEndTests.serve(in: session)

        // The client keeps the server's pictures in a cache of its own.
        let cache = session.directory.path + "/client-cache"
        let run = try AppRun(session, arguments: "--pictures blocks \(MPVEndToEndTests.mpvArguments) http://127.0.0.1:\(server.port)",
                             environment: "TERM=screen-256color XDG_CACHE_HOME=\(cache)")
        try await session.waitForScreen { $0.contains("Colours") }
        try session.send("2")
        try await session.waitForScreen { $0.contains("Night Harbor") && !$0.contains("Colours") }
        try session.send("v")
        // Pure red is colour 196 of the 256: the show's poster.png, made by the server.
        let card = try await eventually("the show's red poster", every: TmuxSession.screenPoll, observe: {
            try await session.onOwnThread { try session.tmux(["capture-pane", "-p", "-e", "-t", "main"]) }
        }, until: { $0.split(separator: "\n").filter { $0.contains("▀") && $0.contains("5;196m") }.count >= 6 })
        #expect(card.contains("Night Harbor"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: "\(cache)/spindle/remote-art/127.0.0.1_\(server.port)")
        #expect(kept.contains { $0.hasSuffix("-poster-150.png") }, "\(kept)")

        try session.send("3")
        try await session.waitForScreen { $0.contains("Colours") && !$0.contains("Night Harbor") }
        try session.send("Enter")
        try await session.waitForScreen(containing: "/ 1:00")
        // The sheet is fetched from the server (which makes it) as the film plays.
        let sheets = "\(cache)/spindle/remote-previews/127.0.0.1_\(server.port)"
        _ = try await eventually("a preview sheet in \(sheets)", observe: {
            ((try? FileManager.default.contentsOfDirectory(atPath: sheets)) ?? []).filter { $0.hasSuffix("-sheet-0.png") }
        }, until: { $0.count == 1 })
        // Paused, the HUD stays, and the pointer resting on the bar at 34 s (column 70 of 120,
        // the bar's row) previews that frame for as long as it rests, however late a loaded
        // machine looks (a seek's own preview goes 1.5 s after it lands).
        try session.send("Space")
        try await session.waitForScreen(containing: "⏸ Paused")
        _ = try await eventually("motion asked for", observe: {
            try session.tmux(["display", "-p", "-t", "main", "#{mouse_any_flag}"])
        }, until: { $0.hasPrefix("1") })
        try session.send("\u{1B}[<35;70;38M", literal: true)
        // Pure yellow is colour 226.
        let shown = try await eventually("the yellow frame over the bar", every: TmuxSession.screenPoll, observe: {
            try await session.onOwnThread { try session.tmux(["capture-pane", "-p", "-e", "-t", "main"]) }
        }, until: { $0.contains("▀") && $0.contains("5;226m") })
        #expect(shown.split(separator: "\n").filter { $0.contains("▀") }.count == 6, "\(shown)")
        try session.send("C-c")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
        let log = try String(contentsOfFile: session.directory.appendingPathComponent("serve.log").path, encoding: .utf8)
        #expect(log.contains("/previews/0 200"), "the client fetched the sheet from the server:\n\(log)")
        #expect(log.contains("/v1/groups/art 200"), "and the show's poster:\n\(log)")
    }
}
