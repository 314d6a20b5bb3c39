import Foundation
import SpinTesting
import Testing
import TestSupport

/// `spindle FILE`: one media file played at once in mpv under the HUD, up next from its folder
/// (within the show), Esc to the folder's list.
@Suite("One file, end to end", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct OneFileEndToEndTests {
    @Test("spindle FILE plays it at once; up next is the next episode of its folder; Esc lists the folder on it")
    func playOneFile() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        // The 12 s clip (picture and sound, credits from 9 s), as three episodes and a film.
        let folder = session.directory.appendingPathComponent("Harbor S1").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["Harbor S01E01.mkv", "Harbor S01E02.mkv", "Harbor S01E03.mkv", "Some Film (1998).mkv"] {
            try FileManager.default.copyItem(atPath: try TestMedia.clip(), toPath: folder + "/" + name)
        }
        // Double quotes: AppRun's command is in single quotes, and the path has a space.
        let run = try AppRun(session, arguments: "\"\(folder)/Harbor S01E02.mkv\" \(MPVEndToEndTests.mpvArguments) --speed 4")
        let app = try await run.pid()
        // It plays at once, with the length from the media; then up next is the prompt "Up next:
        // Harbor S01E03", or, once its countdown has run out, that episode playing. The file's
        // 12 s and the prompt's few can pass before a loaded machine's screen captures see them:
        // the next episode playing says both.
        try await session.waitForScreen("Harbor S01E02 playing, or Harbor S01E03 after it") {
            ($0.contains("Harbor S01E02") || $0.contains("Harbor S01E03")) && $0.contains("/ 0:12")
        }
        try await session.waitForScreen("Harbor S01E03 up next, or playing") { $0.contains("Harbor S01E03") }
        try session.send("Escape")
        // The count can show before the page's rows: wait for both.
        try await session.waitForScreen { $0.contains("4 titles") && $0.contains("Harbor S01E01") && $0.contains("Some Film") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
        #expect(MPVEndToEndTests.mpvChildren(of: app).allSatisfy(isProcessGone))
    }
}
