import Foundation
import SpinTesting
import Testing
import TestSupport

/// Downloads in a real terminal: the embedded catalog's simulated downloads (a fast rate, so
/// they finish within the test), browsed and searched meanwhile.
@Suite("Downloads, end to end", .serialized, .waitsInRealTime)
struct DownloadsEndToEndTests {
    /// The line of the screen with `text`, or "".
    static func line(_ screen: String, containing text: String) -> String {
        screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    @Test("two downloads run while the user browses and searches, then finish; a third is cancelled; o shows speed and time left")
    func twoDownloadsAndACancel() async throws {
        let session = try TmuxSession(columns: 110, rows: 24)
        defer { session.close() }
        // 20 MB/s: the first titles (270-540 MB) take 14-27 s.
        let run = try AppRun(session, arguments: "--latency 0 --download-rate 20000000")
        try await session.waitForScreen(containing: "Little Engine")
        try session.send("d")
        try session.send("j")
        try session.send("d")
        let both = try await session.waitForScreen {
            Self.line($0, containing: "Little Engine").contains("%") && Self.line($0, containing: "Shadow of Bogot").contains("%")
        }
        #expect(Self.line(both, containing: "Little Engine").contains("▱"), "a bar in the row: \(both)")
        // The downloads screen: speed and time left of the two running. First, while they have
        // most of their way to go: what comes after can take long on a loaded machine.
        try session.send("o")
        let screen = try await session.waitForScreen { $0.contains("Downloads") && $0.contains("MB/s") }
        let running = Self.line(screen, containing: "downloading")
        #expect(running.range(of: #"\d+(\.\d)? MB/s +\d+:\d\d"#, options: .regularExpression) != nil, "speed and ETA: \(screen)")
        try session.send("Escape")
        try await session.waitForScreen("the list") { !$0.contains("Esc, o back") && $0.contains("Little Engine") }
        // Browse and search while they run.
        try session.send("PageDown")
        try session.send("PageUp")
        try session.send("/")
        try session.send("amelie", literal: true)
        try session.send("Enter")
        // The filtered list is loaded (a key before it has no title to act on).
        try await session.waitForScreen { $0.contains("“amelie”") && $0.contains(" titles") && $0.contains("Amélie à Montréal") }
        // A third download, cancelled at once.
        try session.send("d")
        try await session.waitForScreen { Self.line($0, containing: "Amélie").contains("%") || Self.line($0, containing: "Amélie").contains("queued") }
        try session.send("c")
        try await session.waitForScreen { Self.line($0, containing: "Amélie").contains("cancelled") }
        try session.send("o")
        let done = try await session.waitForScreen { $0.contains("2 offline") }
        #expect(Self.line(done, containing: "Amélie").contains("cancelled"))
        #expect(Self.line(done, containing: "Little Engine").contains("✓ offline"))
        #expect(Self.line(done, containing: "Shadow of Bogot").contains("✓ offline"))
        // One Esc at a time: two in a row could read as Alt+Esc.
        try session.send("Escape")
        try await session.waitForScreen(containing: "“amelie”")
        try session.send("Escape")
        try await session.waitForScreen { !$0.contains("“amelie”") && Self.line($0, containing: "Little Engine").contains("✓ offline") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("kill -9 mid-download: the next start shows it interrupted with its progress, r resumes it, finished ones stay offline")
    func interruptedAfterQuit() async throws {
        let session = try TmuxSession(columns: 110, rows: 24)
        defer { session.close() }
        // Little Engine (480 MB) at 60 MB/s finishes; Shadow of Bogotá at 4 MB/s will not.
        var run = try AppRun(session, arguments: "--latency 0 --download-rate 60000000 --max-downloads 1")
        try await session.waitForScreen(containing: "Little Engine")
        try session.send("d")
        try await session.waitForScreen { Self.line($0, containing: "Little Engine").contains("✓ offline") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try SessionEndToEndTests.prepareNextRun(session)
        run = try AppRun(session, arguments: "--latency 0 --download-rate 40000000")
        try await session.waitForScreen { Self.line($0, containing: "Little Engine").contains("✓ offline") }
        try session.send("j")
        try session.send("d")
        try await session.waitForScreen { Self.line($0, containing: "Shadow of Bogot").contains("%") }
        // Killed once the downloads' journal holds the download (written as it happens; a
        // kill -9 loses nothing the process wrote), so the next start knows it was interrupted.
        try await Self.waitForDownloadsJournal(in: session, containing: "Shadow of Bogot")
        let pid = try await run.pid()
        #expect(kill(pid, SIGKILL) == 0)
        _ = try await session.waitForFile("status")
        try SessionEndToEndTests.prepareNextRun(session)
        run = try AppRun(session, arguments: "--latency 0 --download-rate 400000000")
        let again = try await session.waitForScreen { Self.line($0, containing: "Shadow of Bogot").contains("interrupted") }
        #expect(Self.line(again, containing: "Little Engine").contains("✓ offline"))
        try session.send("o")
        try await session.waitForScreen(containing: "Downloads")
        try session.send("j")
        try await session.waitForScreen(containing: "r resumes")
        try session.send("r")
        try await session.waitForScreen { $0.contains("2 offline") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    /// Waits (`eventually`) until a file of the downloads' journals (under this session's
    /// XDG_STATE_HOME) contains `text`; throws if none does.
    static func waitForDownloadsJournal(in session: TmuxSession, containing text: String,
                                        sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let folder = session.directory.appendingPathComponent("state/spindle/downloads").path
        try await eventually("a downloads journal under \(folder) with \(text)", sourceLocation: sourceLocation, observe: {
            ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).contains { name in
                FileManager.default.contents(atPath: folder + "/" + name).map { String(decoding: $0, as: UTF8.self).contains(text) } ?? false
            }
        }, until: { $0 })
    }
}
