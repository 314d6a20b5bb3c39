import Foundation
import SpinTesting
import Testing
import TestSupport

/// Two clients of one `spindle serve` (each with its own session, the same token): what one
/// marks watched shows on the other, and a file scanned into the server's library shows in a
/// client's search, each within seconds and without a key (`/v1/watch`, `/v1/changes`).
@Suite("Two clients of a server, end to end", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct ServeSyncEndToEndTests {
    @Test("w on one client shows ✓ on the other; a scan on the server shows in a client's search; no key pressed")
    func twoClients() async throws {
        try await Self.twoClients(library: ServeEndToEndTests.library(in:)) { first, second in
            let screen = try await first.waitForScreen(containing: "50 loaded")
            try await second.waitForScreen(containing: "50 loaded")
            let firstTitle = try #require(Self.firstRowTitle(screen))

            try first.send("w")
            try await first.waitForScreen { Self.row(of: firstTitle, in: $0)?.contains("✓") == true }
            try await second.waitForScreen { Self.row(of: firstTitle, in: $0)?.contains("✓") == true }

            try second.send("/")
            try second.send("fresh", literal: true)
            try second.send("Enter")
            try await second.waitForScreen { $0.contains("“fresh”") && $0.contains("0 titles") }
            let media = first.directory.appendingPathComponent("more")
            try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: try TestMedia.clip(), toPath: media.appendingPathComponent("Fresh Film (2021).mkv").path)
            try ServeEndToEndTests.spindle(["scan", media.path], in: first)
            try await second.waitForScreen { $0.contains("“fresh”") && $0.contains("1 title") && $0.contains("Fresh Film") }

            try first.send("q")
            try second.send("Escape")
            // Esc then q at once would read as Alt+q.
            try await second.waitForScreen { !$0.contains("“fresh”") }
            try second.send("q")
        }
    }

    /// Two clients of one `spindle serve` over the library `library` makes in the first
    /// session's HOME: the first client with that HOME, the second with the first's HOME for the
    /// token and a state of its own. After `body` (which quits both), each must have exited 0;
    /// the server is stopped and gone.
    static func twoClients(library: (TmuxSession) throws -> Void,
                           _ body: (TmuxSession, TmuxSession) async throws -> Void) async throws {
        let first = try TmuxSession(columns: 100, rows: 24)
        defer { first.close() }
        let second = try TmuxSession(columns: 100, rows: 24)
        defer { second.close() }
        try library(first)
        let server = try await ServeEndToEndTests.serve(in: first)
        let address = "http://127.0.0.1:\(server.port)"
        let one = try AppRun(first, arguments: address)
        let state = second.directory.path
        let two = try AppRun(second, arguments: address,
                             environment: "HOME=\(first.directory.path) XDG_STATE_HOME=\(state)/state XDG_DATA_HOME=\(state)/data")
        try await body(first, second)
        #expect(try await one.exitStatus() == 0)
        #expect(try await two.exitStatus() == 0)
        kill(server.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid))
    }

    @Test("w on a season marks its episodes on both clients; an un-mark on one reaches the other; Home over the server has next up")
    func twoClientsOneHistory() async throws {
        try await Self.twoClients(library: { first in
            try ServeEndToEndTests.spindle(["scan", try ShowsEndToEndTests.mediaFolder(in: first)], in: first, status: 1)
        }) { first, second in
            for session in [first, second] {
                try await session.waitForScreen(containing: "16 titles")
                try session.send("2")
                try await session.waitForScreen { ShowsEndToEndTests.row($0, containing: "Night Harbor")?.hasSuffix("6 ep") == true }
            }
            // The first client: into Night Harbor, w on Season 1.
            try first.send("Down")
            try first.send("Enter")
            try await first.waitForScreen(containing: "Season 2")
            try first.send("w")
            try await first.waitForScreen { ShowsEndToEndTests.row($0, containing: "Season 1")?.hasSuffix("✓ 3 / 3") == true }
            // The second, without a key: the show's row counts them.
            try await second.waitForScreen { ShowsEndToEndTests.row($0, containing: "Night Harbor")?.hasSuffix("3 / 6") == true }
            // Into its Season 1: each episode ✓; w on the first takes it back.
            try second.send("Down")
            try second.send("Enter")
            try await second.waitForScreen(containing: "Season 2")
            try second.send("Enter")
            let episodes = try await second.waitForScreen { screen in
                (1 ... 3).allSatisfy { ShowsEndToEndTests.row(screen, containing: "S01E0\($0)")?.contains("✓") == true }
            }
            #expect(!episodes.contains("S02E01"))
            try second.send("w")
            try await second.waitForScreen { ShowsEndToEndTests.row($0, containing: "S01E01")?.contains("✓") == false }
            // The first client's Season 1 row follows, without a key.
            try await first.waitForScreen { ShowsEndToEndTests.row($0, containing: "Season 1")?.hasSuffix("2 / 3") == true }
            // Home over the server: the show's next episode after the last one watched.
            try first.send("1")
            try await first.waitForScreen { ShowsEndToEndTests.row($0, containing: "Night Harbor S02E01")?.contains("next up") == true }

            try first.send("q")
            try second.send("q")
        }
    }

    /// The title on the list's first row (the third line: header, column heads).
    static func firstRowTitle(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 2 else { return nil }
        let title = lines[2].prefix(40).trimmingCharacters(in: .whitespaces)
        return title.isEmpty ? nil : title
    }

    static func row(of title: String, in screen: String) -> Substring? {
        screen.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(title) }
    }
}
