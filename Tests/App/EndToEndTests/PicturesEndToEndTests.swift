import Foundation
import SpinTesting
import Testing
import TestSupport

/// A film's poster in the details pane of a folder library, in a real terminal: tmux passes
/// neither kitty graphics nor sixel, so the poster is drawn in half blocks, in the terminal's
/// 256 colours, which `capture-pane -e` shows.
@Suite("Posters in the details pane, end to end", .serialized, .waitsInRealTime, .needsFFmpeg)
struct PicturesEndToEndTests {
    @Test("the poster.png beside a film is drawn in half blocks beside its details: red at its left, blue at its right")
    func posterInHalfBlocks() async throws {
        let session = try TmuxSession(columns: 100, rows: 30)
        defer { session.close() }
        let film = session.directory.appendingPathComponent("media/Film (2001)")
        try FileManager.default.createDirectory(at: film, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 4),
                                         toPath: film.appendingPathComponent("Film (2001).mkv").path)
        // A 2:3 poster: its left half red, its right half blue.
        try TestMedia.runFFmpeg(["-filter_complex", "color=c=red:s=100x300[a];color=c=blue:s=100x300[b];[a][b]hstack",
                                 "-frames:v", "1", film.appendingPathComponent("poster.png").path])
        // Double quotes: AppRun's command is inside single ones.
        let run = try AppRun(session, arguments: "--pictures blocks \"\(film.path)\"",
                             environment: "TERM=screen-256color XDG_CACHE_HOME=\(session.directory.path)/cache")
        try await session.waitForScreen { $0.contains("1 title") && $0.contains("Film") }
        try session.send("i")
        try await session.waitForScreen { $0.contains("Year") && $0.contains("▀") }
        let colours = try session.tmux(["capture-pane", "-p", "-e", "-t", "main"])
        let posterRows = colours.split(separator: "\n").filter { $0.contains("▀") }
        #expect(posterRows.count >= 10, "\(colours)")
        // Pure red is colour 196 of the 256, pure blue 21: each row has both, red first.
        for row in posterRows {
            let red = try #require(row.range(of: "5;196m"), "no red in \(row)")
            let blue = try #require(row.range(of: "5;21m"), "no blue in \(row)")
            #expect(red.lowerBound < blue.lowerBound)
        }
        // Made once, kept in the cache folder given, private.
        let cached = try FileManager.default.contentsOfDirectory(atPath: session.directory.path + "/cache/spindle/art")
        #expect(cached.count == 1 && cached[0].hasSuffix("-300x450.rgba"), "\(cached)")

        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }
}
