import Foundation
import SpinTesting
import Testing
import TestSupport

/// `spindle FOLDER`: media folders scanned into the SQLite library in the background, in a
/// real terminal. The files are tiny ones ffmpeg makes (2, 3 and 4 s long) and one of random
/// bytes; the library lives in the session's own HOME.
@Suite("The library of media folders, end to end", .serialized, .waitsInRealTime, .needsFFmpeg)
struct LibraryEndToEndTests {
    /// A folder of a show's two episodes, a film, and a file ffprobe cannot read.
    static func mediaFolder(in session: TmuxSession) throws -> String {
        let root = session.directory.appendingPathComponent("media")
        let season = root.appendingPathComponent("Show Name/Season 1")
        try FileManager.default.createDirectory(at: season, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 2),
                                         toPath: season.appendingPathComponent("Show Name S01E01 Pilot.mkv").path)
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 3),
                                         toPath: season.appendingPathComponent("Show Name S01E02 Second.mkv").path)
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 4),
                                         toPath: root.appendingPathComponent("Amélie (2001).mkv").path)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
            .write(to: root.appendingPathComponent("Broken.mkv"))
        return root.path
    }

    @Test("spindle FOLDER lists the files with their real lengths, search finds one, and R brings in a file added since")
    func browseSearchRescan() async throws {
        let session = try TmuxSession(columns: 100, rows: 20)
        defer { session.close() }
        let folder = try Self.mediaFolder(in: session)
        let run = try AppRun(session, arguments: "'\(folder)'")
        // Until the scan stores its first titles the list says it is scanning, never that the catalog is empty.
        var emptyScreens: [String] = []
        let listed = try await session.waitForScreen { screen in
            if screen.contains("The catalog is empty") { emptyScreens.append(screen) }
            return screen.contains("4 titles") && screen.contains("could not be read")
        }
        #expect(emptyScreens.isEmpty, "\(emptyScreens.first ?? "")")
        #expect(listed.contains("Amélie"))
        #expect(listed.contains("Show Name S01E01 · Pilot"))
        #expect(listed.contains("Show Name S01E02 · Second"))
        #expect(listed.contains("Broken"))
        #expect(listed.contains("1 file could not be read"))
        // Lengths from ffprobe: 4 s, 2 s, 3 s.
        let lines = listed.split(separator: "\n")
        #expect(lines.first { $0.contains("Amélie") }?.hasSuffix("4s") == true)
        #expect(lines.first { $0.contains("Pilot") }?.hasSuffix("2s") == true)
        #expect(lines.first { $0.contains("Second") }?.hasSuffix("3s") == true)

        try session.send("/")
        try session.send("amelie", literal: true)
        let found = try await session.waitForScreen { $0.contains("“amelie”") && $0.contains("1 title") }
        #expect(found.contains("Amélie"))
        #expect(!found.contains("Pilot"))
        try session.send("Escape")
        try await session.waitForScreen(containing: "4 titles")

        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 2),
                                         toPath: folder + "/Zorro (1998).mkv")
        try session.send("R")
        let rescanned = try await session.waitForScreen { $0.contains("5 titles") && $0.contains("Zorro") }
        #expect(rescanned.contains("1998"))
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("spindle scan FOLDER scans without the browser; spindle --library then lists what it stored")
    func scanThenLibrary() async throws {
        let session = try TmuxSession(columns: 100, rows: 20)
        defer { session.close() }
        let folder = try Self.mediaFolder(in: session)
        let dir = session.directory.path
        try session.send("\(AppRun.binary) scan '\(folder)' 2> \(dir)/scan.txt; echo $? > \(dir)/scan-status", literal: true)
        try session.send("Enter")
        // A file that could not be read fails the scan, as `spindle scan --help` says.
        #expect(try await session.waitForFile("scan-status") == "1")
        let report = try String(contentsOfFile: "\(dir)/scan.txt", encoding: .utf8)
        #expect(report.contains("scanned 4 media files, 1 could not be read:\n  \(folder)/Broken.mkv: "), "\(report)")

        let run = try AppRun(session, arguments: "--library")
        // The count can show before the page's rows: wait for both.
        try await session.waitForScreen { $0.contains("4 titles") && $0.contains("Show Name S01E02 · Second") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("spindle scan lists each file it could not read with its error, inert, one line each, twenty at most; exit 1 while one is there")
    func scanListsUnreadableFiles() throws {
        let home = try TempFolder(prefix: "spindle-scan-unreadable")
        let media = home.path + "/media"
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.tiny(seconds: 2), toPath: media + "/Fine (2001).mkv")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: URL(fileURLWithPath: media + "/evil\u{1B}]2;PWNED\u{07}\nline.mkv"))
        // What `spindle scan --help` promises.
        let help = try ServeSafetyEndToEndTests.spindle(["scan", "--help"], home: home.path)
        #expect(help.output.replacingOccurrences(of: "\n", with: " ").contains("Exits 1 if a file could not be read"), "\(help.output)")
        let one = try ServeSafetyEndToEndTests.spindle(["scan", media], home: home.path)
        #expect(one.status == 1, "\(one.output)")
        let lines = one.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty, "the summary, one line for the file: \(one.output)")
        #expect(lines.first == "scanned 2 media files, 1 could not be read:", "\(one.output)")
        #expect(lines.dropFirst().first?.hasPrefix("  /") == true, "\(one.output)")
        #expect(lines.dropFirst().first?.contains("/media/evil␛]2;PWNED␇␊line.mkv: ") == true, "\(one.output)")
        #expect(!one.output.utf8.contains(0x1B) && !one.output.utf8.contains(0x07), "\(one.output)")

        // Scanned again, unchanged: still unreadable, still told, still a failure.
        let again = try ServeSafetyEndToEndTests.spindle(["scan", media], home: home.path)
        #expect(again.status == 1, "\(again.output)")
        #expect(again.output == one.output)

        for number in 1...22 {
            try garbage.write(to: URL(fileURLWithPath: media + "/Broken \(number).mkv"))
        }
        let many = try ServeSafetyEndToEndTests.spindle(["scan", media], home: home.path)
        #expect(many.status == 1, "\(many.output)")
        let listed = many.output.split(separator: "\n")
        #expect(listed.first == "scanned 24 media files, 23 could not be read:", "\(many.output)")
        #expect(listed.count == 22, "the summary, twenty files and the rest counted: \(many.output)")
        #expect(listed.dropFirst().prefix(20).allSatisfy { $0.hasPrefix("  /") && $0.contains("/media/") && $0.contains(".mkv: ") }, "\(many.output)")
        #expect(listed.last == "  and 3 more", "\(many.output)")
    }

    @Test("without ffprobe the probe helper reads the folder; without either the library says so once and browses what it has")
    func ffprobeMissing() async throws {
        let session = try TmuxSession(columns: 120, rows: 20)
        defer { session.close() }
        let folder = try Self.mediaFolder(in: session)
        // A PATH with no ffprobe: only a folder holding a link to env, which AppRun needs.
        let bin = session.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent("env").path,
                                                   withDestinationPath: "/usr/bin/env")
        // The helper beside spindle-full reads the files (their lengths are the files' own).
        let helped = try AppRun(session, arguments: "'\(folder)'", environment: "PATH=\(bin.path) XDG_DATA_HOME=\(session.directory.path)/helped")
        let read = try await session.waitForScreen("the files read") { $0.contains("4 titles") && $0.contains("could not be read") }
        #expect(!read.contains("ffprobe is not installed"))
        #expect(read.split(separator: "\n").first { $0.contains("Amélie") }?.hasSuffix("4s") == true, "\(read)")
        try session.send("q")
        #expect(try await helped.exitStatus() == 0)

        // The binaries alone, as where the helper was not built: nothing can read the files.
        let alone = session.directory.appendingPathComponent("alone")
        try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
        let built = URL(fileURLWithPath: AppRun.binary).deletingLastPathComponent()
        for name in ["spindle", "spindle-full"] {
            try FileManager.default.linkItem(at: built.appendingPathComponent(name), to: alone.appendingPathComponent(name))
        }
        let run = try AppRun(session, arguments: "'\(folder)'", environment: "PATH=\(bin.path)",
                             binary: alone.appendingPathComponent("spindle").path)
        // The notice can show while the list is still loading: wait for both at once.
        let screen = try await session.waitForScreen("the notice and the empty list") {
            $0.contains("ffprobe is not installed") && $0.contains("0 titles")
        }
        #expect(screen.components(separatedBy: "ffprobe is not installed").count == 2, "said once: \(screen)")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("a folder that is not there is one clear error before the terminal is touched")
    func missingFolder() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "/no/such/folder")
        #expect(try await run.exitStatus() == 1)
        let screen = try session.screen()
        #expect(screen.contains("spindle: /no/such/folder: no such folder"))
        try await run.expectTerminalRestored()
    }
}
