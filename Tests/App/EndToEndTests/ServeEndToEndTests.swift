import Foundation
import SpinTesting
import Testing
import TestSupport

/// `spindle serve` in one tmux window and `spindle http://…` in another, both the real binaries
/// with the session's own HOME (so the client finds the token the server wrote): a library of
/// 300 generated titles and one tiny ffmpeg-made file that plays in mpv over HTTP.
@Suite("A library over HTTP, end to end", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct ServeEndToEndTests {
    /// Runs `spindle arguments` to its end with the session's HOME; fails on another status than
    /// `expected`.
    static func spindle(_ arguments: [String], in session: TmuxSession, status expected: Int32 = 0) throws {
        let output = session.directory.appendingPathComponent("spindle-\(arguments.first ?? "")-output").path
        let status = try TestProcess.run([AppRun.binary] + arguments,
                                   environment: ["HOME=\(session.directory.path)", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"],
                                   output: .file(output))
        #expect(status == expected, "spindle \(arguments): \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
    }

    /// A library of 300 generated titles and "Zzz Playable (2020)", the 12 s test clip (picture
    /// and sound: mpv plays it without a display, where a picture alone has nothing to play).
    static func library(in session: TmuxSession) throws {
        try spindle(["--generate-library", "300"], in: session)
        let media = session.directory.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.clip(),
                                         toPath: media.appendingPathComponent("Zzz Playable (2020).mkv").path)
        try spindle(["scan", media.path], in: session)
    }

    /// Starts `spindle serve` in a window of its own; returns its pid and port once it listens.
    /// `prefix` runs before the binary (`prlimit --nofile=256:256`, which execs it in its place).
    static func serve(in session: TmuxSession, port: Int = 0, log: String = "serve.log",
                      prefix: String = "") async throws -> (pid: pid_t, port: Int) {
        let path = session.directory.appendingPathComponent(log).path
        let pane = try session.tmux(["new-window", "-d", "-P", "-F", "#{pane_pid}",
                                     "exec \(prefix)\(AppRun.binary) serve --listen 127.0.0.1:\(port) 2> \(path)"])
        let pid = try #require(pid_t(pane.trimmingCharacters(in: .whitespacesAndNewlines)))
        let port = try await eventually("spindle serve's address in \(log)", observe: { () -> Int? in
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.range(of: #"at http://127\.0\.0\.1:(\d+)"#, options: .regularExpression)
                .flatMap { Int(text[$0].split(separator: ":").last!) }
        }, until: { $0 != nil })
        return (pid, port ?? 0)
    }

    @Test("browse past 4 pages, search, and play a file streamed from the server in mpv")
    func browseSearchPlay() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        try Self.library(in: session)
        let server = try await Self.serve(in: session)
        let run = try AppRun(session, arguments: "http://127.0.0.1:\(server.port) --mpv-args '--vo=null --ao=null'")
        let first = try await session.waitForScreen(containing: "50 loaded, more…")
        #expect(first.split(separator: "\n").first?.hasPrefix(" Spindle · 127.0.0.1:\(server.port) ") == true, "the header names the server: \(first)")
        for _ in 0 ..< 12 { try session.send("PageDown") }
        try await session.waitForScreen { $0.contains("250 loaded") || $0.contains("300 loaded") || $0.contains("301 titles") }
        try session.send("End")
        try await session.waitForScreen(containing: "301 titles")

        try session.send("/")
        try session.send("playable", literal: true)
        try await session.waitForScreen { $0.contains("“playable”") && $0.contains("1 title") }
        try session.send("Enter")
        try session.send("Enter")
        let app = try await run.pid()
        let mpv = try #require(await MPVEndToEndTests.waitForMPV(of: app), "no mpv started")
        // The length and the intro come from the media mpv streams: 0:12, chapter "Intro", said
        // by the prompt while in it, or by the progress bar's intro (═) once the HUD shows it (at
        // the end at the latest): the prompt shows for 3 s only, which a loaded machine's screen
        // captures can miss.
        try await session.waitForScreen("the length and the intro") {
            $0.contains("/ 0:12") && ($0.contains("Skip intro") || $0.contains("═"))
        }
        try session.send("C-c")   // q in the player goes back to the list; Ctrl+C quits from anywhere
        #expect(try await run.exitStatus() == 0)
        #expect(await MPVEndToEndTests.waitUntilGone(mpv))
        let log = try String(contentsOfFile: session.directory.appendingPathComponent("serve.log").path, encoding: .utf8)
        #expect(log.contains("/video 20"), "mpv fetched the video from the server:\n\(log)")
        let token = try String(contentsOfFile: session.directory.appendingPathComponent(".config/spindle/token").path,
                               encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!log.contains(token), "the token is never printed nor logged:\n\(log)")
        #expect(log.contains("clients need the token in \(session.directory.path)/.config/spindle/token"))

        kill(server.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid), "serve ends on SIGTERM")
    }

    @Test("a server that goes away mid-list is an error in the list; restarted, r carries on")
    func serverKilledThenRetry() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        try Self.library(in: session)
        let first = try await Self.serve(in: session)
        let run = try AppRun(session, arguments: "http://127.0.0.1:\(first.port)")
        try await session.waitForScreen(containing: "50 loaded, more…")
        kill(first.pid, SIGKILL)
        #expect(await MPVEndToEndTests.waitUntilGone(first.pid))
        try session.send("End")
        let failed = try await session.waitForScreen(containing: "cannot reach")
        #expect(failed.contains("50 loaded, stopped"))

        let second = try await Self.serve(in: session, port: first.port, log: "serve-again.log")
        try session.send("r")
        try await session.waitForScreen(containing: "301 titles")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        kill(second.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(second.pid))
    }

    @Test("End on a served library asks the server for its last page alone; going up asks for the page before it")
    func endAsksLastPage() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        try Self.library(in: session)
        let server = try await Self.serve(in: session)
        let run = try AppRun(session, arguments: "http://127.0.0.1:\(server.port)")
        try await session.waitForScreen(containing: "50 loaded, more…")
        try session.send("End")
        try await session.waitForScreen { $0.contains("301 / 301") && $0.contains("301 titles") && $0.contains("Zzz Playable") }
        for _ in 0 ..< 45 { try session.send("Up") }
        try await session.waitForScreen { BrowserEndToEndTests.footerPosition($0)?.row == 256 && !$0.contains("loading") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        let log = try String(contentsOfFile: session.directory.appendingPathComponent("serve.log").path, encoding: .utf8)
        let pages = log.split(separator: "\n").filter { $0.contains("GET /v1/titles ") }
        #expect(pages.count == 3, "the first page, the last, the one before it:\n\(pages.joined(separator: "\n"))")
        #expect(!pages.contains { $0.contains("after=") }, "no page on the way:\n\(pages.joined(separator: "\n"))")
        #expect(pages.filter { $0.contains("before=L1.end") }.count == 1, "\(pages)")
        kill(server.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid))
    }

    @Test("a wrong token is \"not authorized\", once, and the app keeps running")
    func wrongToken() async throws {
        let session = try TmuxSession(columns: 120, rows: 24)
        defer { session.close() }
        try Self.library(in: session)
        let server = try await Self.serve(in: session)
        let run = try AppRun(session, arguments: "http://127.0.0.1:\(server.port) --token wrong")
        let screen = try await session.waitForScreen(containing: "not authorized")
        #expect(screen.contains("0 loaded, stopped"))
        let app = try await run.pid()
        let commandLine = try String(contentsOfFile: "/proc/\(app)/cmdline", encoding: .utf8)
        #expect(!commandLine.contains("wrong"), "the token is hidden from ps")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        let log = try String(contentsOfFile: session.directory.appendingPathComponent("serve.log").path, encoding: .utf8)
        #expect(log.components(separatedBy: "refused 1 request without the right token").count - 1 == 1,
                "one request, no retry storm:\n\(log)")
        #expect(!log.contains("refused 2"), "\(log)")
        kill(server.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid))
    }

    @Test("d downloads a title from the server with its token; with the server killed, it plays from the local copy")
    func downloadThenPlayOffline() async throws {
        let session = try TmuxSession(columns: 110, rows: 24)
        defer { session.close() }
        try Self.library(in: session)
        let server = try await Self.serve(in: session)
        let run = try AppRun(session, arguments: "http://127.0.0.1:\(server.port) \(MPVEndToEndTests.mpvArguments)")
        try await session.waitForScreen(containing: "50 loaded, more…")
        try session.send("/")
        try session.send("playable", literal: true)
        try await session.waitForScreen { $0.contains("“playable”") && $0.contains("1 title") }
        try session.send("Enter")
        try session.send("d")
        try await session.waitForScreen {
            DownloadsEndToEndTests.line($0, containing: "Zzz Playable").contains("✓ offline")
        }
        let log = try String(contentsOfFile: session.directory.appendingPathComponent("serve.log").path, encoding: .utf8)
        #expect(log.contains("/video 200"), "the video came from the server, authorized:\n\(log)")
        let stored = session.directory.appendingPathComponent(".local/share/spindle/downloads")
        let files = FileManager.default.enumerator(atPath: stored.path)?.allObjects as? [String] ?? []
        // Under the title's name, with the extension of the server's Content-Type (its URL has none).
        let video = try #require(files.first { $0.contains("/Zzz Playable") && $0.hasSuffix(".mkv") },
                                 "no video under \(stored.path): \(files)")
        #expect(try Data(contentsOf: stored.appendingPathComponent(video)) == Data(contentsOf: URL(fileURLWithPath: try TestMedia.clip())),
                "the stored file is the server's, byte for byte")

        kill(server.pid, SIGKILL)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid))
        try session.send("Enter")
        let app = try await run.pid()
        let mpv = try #require(await MPVEndToEndTests.waitForMPV(of: app), "no mpv started")
        try await session.waitForScreen { $0.contains("/ 0:12") && $0.contains("✓ offline") }
        try session.send("C-c")   // q in the player goes back to the list; Ctrl+C quits from anywhere
        #expect(try await run.exitStatus() == 0)
        #expect(await MPVEndToEndTests.waitUntilGone(mpv))
    }
}
