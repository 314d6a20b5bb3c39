import TestServers
import Foundation
import SpinTesting
import Testing
import TestSupport

/// A real download over HTTP in a real terminal: a catalog whose title's video is on a file
/// server in the test (127.0.0.1), which stalls half-way; `kill -9` of spindle mid-file; the next
/// start shows it interrupted, `r` resumes it with a Range request, the file is the server's byte
/// for byte, and it plays in mpv from the local copy with the server gone.
@Suite("Real downloads, end to end", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct RealDownloadsEndToEndTests {
    @Test("kill -9 mid-file, then resume with Range, identical bytes, and offline playback with the server gone")
    func killResumePlayOffline() async throws {
        let session = try TmuxSession(columns: 110, rows: 24)
        defer { session.close() }
        let clip = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip())))
        let server = try await FileServer.start(.bytes(clip))
        defer { server.stop() }
        let half = Int64(clip.count / 2)
        server.queue(.stallAfter(half))
        let catalog = session.directory.appendingPathComponent("remote.jsonl").path
        let line = #"{"id":"remote","title":"Remote Clip","year":2024,"genre":"Test","video":"\#(server.url)"}"#
        try (line + "\n").write(toFile: catalog, atomically: true, encoding: .utf8)
        let downloads = session.directory.appendingPathComponent("offline").path
        let arguments = "--catalog \(catalog) --downloads \(downloads) \(MPVEndToEndTests.mpvArguments)"

        var run = try AppRun(session, arguments: arguments)
        try await session.waitForScreen(containing: "Remote Clip")
        try session.send("d")
        try await session.waitForScreen { DownloadsEndToEndTests.line($0, containing: "Remote Clip").contains("%") }
        // The first half is on disk, in the .part file, and the server holds the rest back.
        let part = try await Self.waitForPart(in: downloads, size: half)
        let pid = try await run.pid()
        #expect(kill(pid, SIGKILL) == 0)
        _ = try await session.waitForFile("status")
        #expect(FileManager.default.fileExists(atPath: part), "the .part stays for the resume")

        try SessionEndToEndTests.prepareNextRun(session)
        run = try AppRun(session, arguments: arguments)
        try await session.waitForScreen { DownloadsEndToEndTests.line($0, containing: "Remote Clip").contains("interrupted") }
        try session.send("o")
        try await session.waitForScreen(containing: "r resumes")
        try session.send("r")
        let done = try await session.waitForScreen { $0.contains("1 offline") }
        #expect(server.requests.last?.range == "bytes=\(half)-", "resumed with Range: \(server.requests)")
        let stored = String(part.dropLast(".part".count))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: stored))) == clip, "the stored file is the server's")
        #expect(!FileManager.default.fileExists(atPath: part))
        #expect(done.contains("Enter plays it"))

        // Offline: the server is gone, the local copy plays in mpv.
        server.stop()
        try session.send("Enter")
        let app = try await run.pid()
        let mpv = try #require(await MPVEndToEndTests.waitForMPV(of: app), "no mpv started")
        try await session.waitForScreen(containing: "/ 0:12")
        let cmdline = (try? String(contentsOfFile: "/proc/\(mpv)/cmdline", encoding: .utf8)) ?? ""
        #expect(!cmdline.contains("127.0.0.1"), "mpv plays the local file, not the server's")
        try session.send("C-c")   // q in the player goes back to the list; Ctrl+C quits from anywhere
        #expect(try await run.exitStatus() == 0)
        #expect(await MPVEndToEndTests.waitUntilGone(mpv), "no mpv left behind")
    }

    @Test("a retry that fails at once keeps the percentage and the size the .part holds; the next one resumes")
    func failedRetryKeepsProgress() async throws {
        let session = try TmuxSession(columns: 110, rows: 24)
        defer { session.close() }
        let content = ServedContent.random(size: 2 << 20)
        let server = try await FileServer.start(content)
        defer { server.stop() }
        server.queue(.dropAfter(1 << 20))
        let catalog = session.directory.appendingPathComponent("drop.jsonl").path
        let line = #"{"id":"drop","title":"Dropped Film","year":2024,"genre":"Test","video":"\#(server.url)"}"#
        try (line + "\n").write(toFile: catalog, atomically: true, encoding: .utf8)
        let downloads = session.directory.appendingPathComponent("offline").path
        let run = try AppRun(session, arguments: "--catalog \(catalog) --downloads \(downloads)")
        try await session.waitForScreen(containing: "Dropped Film")
        try session.send("d")
        try await session.waitForScreen { DownloadsEndToEndTests.line($0, containing: "Dropped Film").contains("✗") }
        try session.send("o")
        let first = try await session.waitForScreen { $0.contains("Downloads") && $0.contains("r retries") }
        let row = DownloadsEndToEndTests.line(first, containing: "Dropped Film")
        let percent = try #require(row.firstMatch(of: /(\d+)%/)?.output.1, "a percentage in: \(row)")
        #expect(Int(percent).map { $0 > 0 } == true, "some of it (reported by steps): \(row)")
        #expect(row.contains("2.1 MB"), "the size: \(row)")

        // The retry fails before a byte or a size arrives: the row still says how far it got.
        server.queue(.status(503))
        try session.send("r")
        let second = try await session.waitForScreen(containing: "the server failed (503)")
        let again = DownloadsEndToEndTests.line(second, containing: "Dropped Film")
        #expect(again.contains("\(percent)%") && again.contains("2.1 MB"), "was: \(row)\nnow: \(again)")
        #expect(!again.contains(" 0%"), "\(again)")

        try session.send("r")
        try await session.waitForScreen { $0.contains("1 offline") }
        #expect(server.requests.count == 3 && server.requests.last?.range?.hasPrefix("bytes=") == true,
                "resumed with Range: \(server.requests)")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("a full disk is a line in the row, not a crash; nothing is stored under the final name",
          .enabled(if: TinyDisk.isAvailable, "needs root and a tmpfs mount to fill a real disk"))
    func fullDisk() async throws {
        let session = try TmuxSession(columns: 110, rows: 24)
        defer { session.close() }
        let downloads = session.directory.appendingPathComponent("tiny").path
        try FileManager.default.createDirectory(atPath: downloads, withIntermediateDirectories: true)
        // A real full disk: a 1 MB tmpfs (root only; skipped elsewhere, by the trait).
        try #require(TinyDisk.mount(at: downloads), "a tmpfs could be mounted before")
        defer { TinyDisk.unmount(downloads) }
        let server = try await FileServer.start(.random(size: 3 << 20))
        defer { server.stop() }
        let catalog = session.directory.appendingPathComponent("big.jsonl").path
        let line = #"{"id":"big","title":"Too Big","year":2024,"genre":"Test","video":"\#(server.url)"}"#
        try (line + "\n").write(toFile: catalog, atomically: true, encoding: .utf8)
        let run = try AppRun(session, arguments: "--catalog \(catalog) --downloads \(downloads)")
        try await session.waitForScreen(containing: "Too Big")
        try session.send("d")
        let failed = try await session.waitForScreen { DownloadsEndToEndTests.line($0, containing: "Too Big").contains("✗") }
        try session.send("o")
        // The list's row already says "the disk is full": wait for the downloads screen itself.
        let screen = try await session.waitForScreen { $0.contains("Downloads") && $0.contains("the disk is full") }
        #expect(DownloadsEndToEndTests.line(screen, containing: "Too Big").contains("failed"), "\(failed)\n\(screen)")
        let files = FileManager.default.enumerator(atPath: downloads)?.allObjects as? [String] ?? []
        #expect(!files.contains { $0.hasSuffix("/video") }, "no final file: \(files)")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    /// Waits (`eventually`) for a `.part` file of `size` bytes somewhere under `folder`; returns its path.
    static func waitForPart(in folder: String, size: Int64, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let part = try await eventually("a .part of \(size) bytes under \(folder)", sourceLocation: sourceLocation, observe: {
            let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            return files.filter { $0.hasSuffix(".part") }.map { folder + "/" + $0 }.first { path in
                (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) == size
            }
        }, until: { $0 != nil })
        return part ?? ""
    }
}
