import Foundation
import SpinTesting
import Testing
import TestSupport

/// What was watched lives in the library, not in the session: after kill -9 mid-episode and a
/// `--fresh` start, the ◐ position and the ✓ marks are still there.
@Suite("Watch state in the library, end to end", .serialized, .waitsInRealTime)
struct WatchStateEndToEndTests {
    @Test("kill -9 mid-title, then --fresh: ◐ where it was left and ✓ on the title marked watched")
    func marksSurviveKillAndFresh() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        try ServeEndToEndTests.spindle(["--generate-library", "300"], in: session)
        let first = try AppRun(session, arguments: "--library --speed 20")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("Down")
        try session.send("w")
        try await session.waitForScreen(containing: "✓ seen")
        try session.send("Up")
        try session.send("Enter")
        _ = try await session.waitForScreen { (PlayerEndToEndTests.position($0) ?? 0) >= 120 }
        let pid = try await first.pid()
        #expect(kill(pid, SIGKILL) == 0)
        #expect(try await first.exitStatus() == 137)

        try SessionEndToEndTests.prepareNextRun(session)
        let fresh = try AppRun(session, arguments: "--library --fresh")
        // The page, and the library's marks on it (read beside it).
        let screen = try await session.waitForScreen { screen in
            screen.contains("50 loaded") && screen.split(separator: "\n").filter { $0.contains("◐") || $0.contains("✓") }.count >= 2
        }
        let rows = screen.split(separator: "\n").filter { $0.contains("◐") || $0.contains("✓") }
        #expect(rows.count == 2, "\(screen)")
        #expect(rows.first?.contains("◐") == true, "the first title, left part way: \(screen)")
        #expect(rows.last?.contains("✓ seen") == true, "the second, marked watched: \(screen)")
        #expect(!screen.contains("⏸"), "a fresh session: no player open")
        try session.send("q")
        #expect(try await fresh.exitStatus() == 0)
    }
}
