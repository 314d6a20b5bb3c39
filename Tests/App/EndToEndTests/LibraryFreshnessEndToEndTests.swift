import Foundation
import SpinTesting
import Testing
import TestSupport

/// The list shows the library as it is now: a `spindle scan` by another process shows up in a
/// running app without a key, and a session resumed after one shows the new titles.
@Suite("A library that stays fresh, end to end", .serialized, .waitsInRealTime, .needsFFmpeg)
struct LibraryFreshnessEndToEndTests {
    static func addClip(_ name: String, to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 2), toPath: folder + "/" + name)
    }

    @Test("spindle scan in another terminal adds a file: the running app shows it within 3 s, no key pressed")
    func scanByAnotherProcessShowsUp() async throws {
        let session = try TmuxSession(columns: 100, rows: 20)
        defer { session.close() }
        let films = session.directory.appendingPathComponent("films").path
        let more = session.directory.appendingPathComponent("more").path
        try Self.addClip("First Film (2001).mkv", to: films)
        try ServeEndToEndTests.spindle(["scan", films], in: session)
        let run = try AppRun(session, arguments: "--library")
        try await session.waitForScreen(containing: "1 title")

        try Self.addClip("Second Film (2002).mkv", to: more)
        try ServeEndToEndTests.spindle(["scan", more], in: session)
        let seen = ContinuousClock.now
        try await session.waitForScreen { $0.contains("2 titles") && $0.contains("Second Film") }
        print("another process's scan showed \(ContinuousClock.now - seen) after it ended")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)

        // Quit, a scan, then spindle alone: the resumed list is the library as it is now.
        try Self.addClip("Third Film (2003).mkv", to: more)
        try ServeEndToEndTests.spindle(["scan", more], in: session)
        try SessionEndToEndTests.prepareNextRun(session)
        let resumed = try AppRun(session, arguments: "")
        try await session.waitForScreen { $0.contains("3 titles") && $0.contains("Third Film") }
        try session.send("q")
        #expect(try await resumed.exitStatus() == 0)
    }
}
