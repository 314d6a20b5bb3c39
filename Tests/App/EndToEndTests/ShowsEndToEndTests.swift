import Foundation
import SpinTesting
import Testing
import TestSupport

/// A folder of shows and films as people name them, scanned for real (ffmpeg-made files):
/// views, shows → seasons → episodes and back, natural order, searches by code.
@Suite("Shows, seasons and films, end to end", .serialized, .waitsInRealTime, .needsFFmpeg)
struct ShowsEndToEndTests {
    /// 2 shows × 2 seasons × 3 episodes (one in season folders, one named 1x02), 3 films (one
    /// "Part 10"), and a file ffprobe cannot read.
    static func mediaFolder(in session: TmuxSession) throws -> String {
        let root = session.directory.appendingPathComponent("media").path
        let tiny = try TestMedia.tiny(seconds: 2)
        func add(_ path: String) throws {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: tiny, toPath: full)
        }
        for season in 1 ... 2 {
            for episode in 1 ... 3 {
                try add("Night Harbor/Season \(season)/Night Harbor - S0\(season)E0\(episode) - Part \(episode).mkv")
                try add("Day Shift/Day Shift \(season)x0\(episode).mkv")
            }
        }
        try add("Films/Saga Part 2 (2001).mkv")
        try add("Films/Saga Part 10 (2009).mkv")
        try add("Films/Some Film (1998).mkv")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
            .write(to: URL(fileURLWithPath: root + "/Films/Broken Film (2010).mkv"))
        return root
    }

    static func row(_ screen: String, containing text: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { $0.contains(text) }
    }

    @Test("2 lists shows; Enter goes into a show and a season; Esc comes back to the same rows; 3 lists films in natural order")
    func showsSeasonsFilms() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        let folder = try Self.mediaFolder(in: session)
        let run = try AppRun(session, arguments: "'\(folder)'")
        try await session.waitForScreen { $0.contains("16 titles") && $0.contains("could not be read") }

        try session.send("2")
        let shows = try await session.waitForScreen { $0.contains("Day Shift") && $0.contains("Night Harbor") && !$0.contains("Saga") }
        #expect(!shows.contains("S01E01"), "one row per show")
        #expect(shows.contains("Spindle  Shows"), "the header names the view")
        let harbor = try #require(Self.row(shows, containing: "Night Harbor"))
        #expect(harbor.contains("2 seasons") && harbor.hasSuffix("6 ep"), "\(harbor)")
        try session.send("Down")
        try session.send("Enter")
        try await session.waitForScreen { $0.contains("Season 1") && $0.contains("Season 2") }
        try session.send("Down")
        try session.send("Enter")
        let episodes = try await session.waitForScreen { $0.contains("Night Harbor S02E01") }
        #expect(episodes.contains("Shows › Night Harbor › Season 2"))
        #expect(episodes.contains("Night Harbor S02E03 · Part 3"))
        #expect(!episodes.contains("S01E01"))

        try session.send("Escape")
        let seasons = try await session.waitForScreen { $0.contains("Season 2") && !$0.contains("S02E01") }
        #expect(Self.row(seasons, containing: "Season 2") != nil)
        try session.send("Escape")
        try await session.waitForScreen { $0.contains("Day Shift") && $0.contains("Night Harbor") && !$0.contains("Season") }

        try session.send("3")
        let films = try await session.waitForScreen { $0.contains("Saga Part 10") && !$0.contains("Night Harbor") }
        let lines = films.split(separator: "\n").map(String.init)
        let order = ["Broken Film", "Saga Part 2", "Saga Part 10", "Some Film"].map { name in
            lines.firstIndex { $0.contains(name) } ?? -1
        }
        #expect(order == order.sorted() && !order.contains(-1), "natural order: \(films)")
        #expect(Self.row(films, containing: "Broken Film")?.contains("2010") == true, "named and dated from its path")

        try session.send("4")
        try session.send("/")
        try session.send("1x02", literal: true)
        // Both shows' first seasons have an episode 2.
        try await session.waitForScreen { $0.contains("Day Shift S01E02") && $0.contains("Night Harbor S01E02") && $0.contains("2 titles") }
        try session.send(" day", literal: true)
        let found = try await session.waitForScreen { $0.contains("Day Shift S01E02") && $0.contains("1 title") }
        #expect(!found.contains("Night Harbor S01E02"))
        try session.send("Escape")
        try await session.waitForScreen { !$0.contains("Search:") && $0.contains("16 titles") }

        // Day Shift's first episode watched: Home offers its next one, and what was added.
        try session.send("2")
        try await session.waitForScreen { $0.contains("Day Shift") && !$0.contains("Season") && !$0.contains("Saga") }
        try session.send("Enter")
        try await session.waitForScreen(containing: "Season 1")
        try session.send("Enter")
        try await session.waitForScreen(containing: "Day Shift S01E01")
        try session.send("w")
        try await session.waitForScreen(containing: "✓ seen")
        try session.send("1")
        let home = try await session.waitForScreen { $0.contains("Spindle  Home") && $0.contains("▶ next up") }
        #expect(Self.row(home, containing: "▶ next up")?.contains("Day Shift S01E02") == true, "\(home)")
        #expect(home.contains("new"))
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("spindle DIR lists that folder's titles, without the last session's search; an empty folder lists none")
    func oneFolderOnly() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        let folder = try Self.mediaFolder(in: session)
        // Its unreadable file fails the scan.
        try ServeEndToEndTests.spindle(["scan", folder], in: session, status: 1)
        // A session left with a search applied.
        let first = try AppRun(session, arguments: "--library")
        try await session.waitForScreen(containing: "16 titles")
        try session.send("/")
        try session.send("harbor", literal: true)
        try session.send("Enter")
        try await session.waitForScreen { $0.contains("“harbor”") && $0.contains("6 titles") }
        try session.send("q")
        #expect(try await first.exitStatus() == 0)

        try SessionEndToEndTests.prepareNextRun(session)
        let films = try AppRun(session, arguments: "'\(folder)/Films'")
        let screen = try await session.waitForScreen { $0.contains("4 titles") && $0.contains("Saga Part 10") }
        #expect(!screen.contains("“harbor”") && !screen.contains("Night Harbor"))
        try session.send("q")
        #expect(try await films.exitStatus() == 0)

        let empty = session.directory.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try SessionEndToEndTests.prepareNextRun(session)
        let none = try AppRun(session, arguments: "'\(empty)'")
        let nothing = try await session.waitForScreen { $0.contains("The catalog is empty") }
        #expect(!nothing.contains("Saga") && !nothing.contains("Harbor"), "\(nothing)")
        try session.send("q")
        #expect(try await none.exitStatus() == 0)
    }
}
