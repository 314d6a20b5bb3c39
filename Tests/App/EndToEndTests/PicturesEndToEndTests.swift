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
        // Made once, kept in the cache folder given: the details' poster, and the grid's card
        // poster that the scan made after storing the film.
        let folder = session.directory.path + "/cache/spindle/art"
        let cached = try await eventually("both posters kept", every: .milliseconds(50),
                                          observe: { (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] },
                                          until: { $0.contains { $0.hasSuffix("-300x450.rgba") } && $0.contains { $0.hasSuffix("-150x225.rgba") } })
        #expect(cached.count == 2, "\(cached)")

        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("v shows the folder's films as a grid of posters in half blocks: a poster file, a cover inside the file, a frame; 1 shows Home's thumbnails, as cards and beside its rows")
    func gridOfPosters() async throws {
        let session = try TmuxSession(columns: 120, rows: 40)
        defer { session.close() }
        let media = session.directory.appendingPathComponent("media")
        func folder(_ name: String) throws -> URL {
            let url = media.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        // Alpha: a red poster beside it. Beta: a green cover inside its file. Gamma: neither (a frame).
        let alpha = try folder("Alpha (2001)")
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 4), toPath: alpha.appendingPathComponent("Alpha (2001).mkv").path)
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=red:s=100x150", "-frames:v", "1", alpha.appendingPathComponent("poster.png").path])
        let beta = try folder("Beta (2002)")
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "color=c=lime:s=100x150", "-frames:v", "1", beta.appendingPathComponent("cover.png").path])
        try TestMedia.runFFmpeg(["-f", "lavfi", "-i", "testsrc=d=4:s=160x120:r=10", "-i", beta.appendingPathComponent("cover.png").path,
                                 "-map", "0:v", "-map", "1", "-c:v:0", "mpeg4", "-c:v:1", "png",
                                 "-disposition:v:1", "attached_pic", beta.appendingPathComponent("Beta (2002).mp4").path])
        try FileManager.default.removeItem(at: beta.appendingPathComponent("cover.png"))
        let gamma = try folder("Gamma (2003)")
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 4), toPath: gamma.appendingPathComponent("Gamma (2003).mkv").path)

        let run = try AppRun(session, arguments: "--pictures blocks \"\(media.path)\"",
                             environment: "TERM=screen-256color XDG_CACHE_HOME=\(session.directory.path)/cache")
        try await session.waitForScreen { $0.contains("3 titles") && $0.contains("Gamma") }
        try session.send("v")
        // Three cards, each a picture: 9 rows of half blocks per card, the selected one framed.
        try await session.waitForScreen { screen in
            let rows = screen.split(separator: "\n").filter { $0.contains("▀") }
            return rows.count >= 9 && rows.allSatisfy { $0.filter { $0 == "▀" }.count >= 30 } && screen.contains("╭")
        }
        let colours = try session.tmux(["capture-pane", "-p", "-e", "-t", "main"])
        let rows = colours.split(separator: "\n").filter { $0.contains("▀") }
        // Pure red is colour 196, pure green (lime) 46: the poster file and the cover, left to right.
        let middle = String(rows[rows.count / 2])
        let red = try #require(middle.range(of: "5;196m"), "no red poster in \(middle)")
        let green = try #require(middle.range(of: "5;46m"), "no green cover in \(middle)")
        #expect(red.lowerBound < green.lowerBound)
        #expect(try session.screen().contains("Alpha") && session.screen().contains("Beta"))
        // → moves the frame to Beta's card; the screen keeps its three pictures.
        try session.send("l")
        try await session.waitForScreen { $0.split(separator: "\n").first { $0.contains("╭") }.map { $0.firstIndex(of: "╭")! > $0.startIndex } ?? false }

        // Home: the same films as thumbnails (frames first), wider than tall.
        try session.send("1")
        try await session.waitForScreen { screen in
            screen.contains("Home") && screen.split(separator: "\n").filter { $0.contains("▀") }.count >= 4
        }
        let home = try session.screen().split(separator: "\n").filter { $0.contains("▀") }
        #expect(home.count < rows.count, "a thumbnail is fewer rows than a poster")
        // Home as rows: the selected row's thumbnail at their right, 9 rows of half blocks.
        try session.send("v")
        try await session.waitForScreen("Home's rows with a thumbnail at their right") { screen in
            let pictured = screen.split(separator: "\n").filter { $0.contains("▀") }
            return screen.contains("Alpha") && pictured.count == 9 && pictured.allSatisfy { row in
                row.distance(from: row.startIndex, to: row.firstIndex(of: "▀")!) >= 80
            }
        }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }
}
