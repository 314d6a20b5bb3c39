import Foundation
import SpinTesting
import Synchronization
import Testing
import TestSupport

/// `spindle serve` as an attacker and a careless user meet it: sockets held open, trickled
/// requests, a link to /etc/passwd in a media folder, weak tokens, escape sequences in paths,
/// a port in use, Ctrl+C during a transfer. The real binary, on 127.0.0.1 only.
@Suite("spindle serve, safe to share", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct ServeSafetyEndToEndTests {
    static let environment = ["PATH=/usr/bin:/bin", "LANG=C.UTF-8"]

    /// Runs `spindle arguments` to its end with HOME in `home`: its exit status and output.
    static func spindle(_ arguments: [String], home: String, environment: [String] = []) throws -> (status: Int32, output: String) {
        let output = home + "/output-\(UUID().uuidString)"
        defer { unlink(output) }
        let status = try TestProcess.run([AppRun.binary] + arguments, environment: ["HOME=\(home)"] + Self.environment + environment,
                                   output: .file(output))
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    static func token(in session: TmuxSession) throws -> String {
        try String(contentsOfFile: session.directory.appendingPathComponent(".config/spindle/token").path, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func log(_ session: TmuxSession, _ name: String = "serve.log") -> String {
        (try? String(contentsOfFile: session.directory.appendingPathComponent(name).path, encoding: .utf8)) ?? ""
    }

    /// Waits (`eventually`) until the server's log `name` says `text`; throws if it never does.
    static func waitForLog(_ session: TmuxSession, containing text: String, name: String = "serve.log",
                           sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await eventually("\"\(text)\" in \(name)", sourceLocation: sourceLocation,
                             observe: { log(session, name) }, until: { $0.contains(text) })
    }

    /// `home/media`, holding the test clip as "Clip (2020).mkv".
    static func clipFolder(in home: String) throws -> String {
        let media = home + "/media"
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.clip(), toPath: media + "/Clip (2020).mkv")
        return media
    }

    /// A media folder with a 64 MiB (sparse) film, scanned into the session's library.
    static func bigFilm(in session: TmuxSession) throws {
        let media = session.directory.appendingPathComponent("media").path
        try FileManager.default.createDirectory(atPath: media, withIntermediateDirectories: true)
        let film = open(media + "/Big Film (2020).mkv", O_WRONLY | O_CREAT, 0o600)
        ftruncate(film, 64 << 20)
        close(film)
        _ = try spindle(["scan", media], home: session.directory.path)
    }

    @Test("with 256 file descriptors, 400 idle and 20 slowloris connections lock no real client out")
    func heldSocketsLockNobodyOut() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        try ServeEndToEndTests.spindle(["--generate-library", "300"], in: session)
        let server = try await ServeEndToEndTests.serve(in: session, prefix: "prlimit --nofile=256:256 ")
        defer { kill(server.pid, SIGTERM) }
        let token = try Self.token(in: session)
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        limit.rlim_cur = max(limit.rlim_cur, min(limit.rlim_max, 4096))
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)

        let port = server.port
        let idle = await LoopbackSocket.blocking { (0 ..< 400).compactMap { _ in LoopbackSocket(port: port) } }
        let slow = await LoopbackSocket.blocking { () -> [LoopbackSocket] in
            let sockets = (0 ..< 20).compactMap { _ in LoopbackSocket(port: port) }
            for socket in sockets { socket.send("GET /v1/titles HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
            return sockets
        }
        let trickling = Atomic(true)
        let rounds = Atomic(0)
        let trickle = Thread {
            while trickling.load(ordering: .relaxed) {
                for socket in slow { socket.send("x") }
                rounds.add(1, ordering: .relaxed)
                usleep(100_000)   // the attacker's own pace
            }
        }
        trickle.start()
        defer { trickling.store(false, ordering: .relaxed) }

        let started = ContinuousClock.now
        // A request queued behind the held connections would be answered only once the 10 s
        // head timeout cut them: the first answer must come while they are still held.
        let (first, heldAfterFirst) = await LoopbackSocket.blocking { () -> (Int?, Bool) in
            let status = LoopbackSocket.get("/v1/titles?limit=5", port: port, token: token)
            return (status, slow.contains { $0.isOpen })
        }
        #expect(first == 200)
        #expect(heldAfterFirst, "the client was answered while the slowloris connections were held")
        let answers = await LoopbackSocket.blocking { () -> [Int?] in
            (0 ..< 99).map { _ in LoopbackSocket.get("/v1/titles?limit=5", port: port, token: token) }
        }
        let wall = ContinuousClock.now - started
        #expect(answers.allSatisfy { $0 == 200 }, "\(answers)")
        // The server does not spin: while only the held connections trickle (ten more rounds at
        // the attacker's pace), it is nearly idle. Against the elapsed time, which a loaded
        // machine only lengthens; a spinning server would use about as much CPU as time.
        let cpuBefore = try #require(cpuSeconds(of: server.pid))
        let heldFrom = ContinuousClock.now
        let roundsBefore = rounds.load(ordering: .relaxed)
        try await eventually("ten more rounds of trickling", observe: { rounds.load(ordering: .relaxed) }, until: { $0 >= roundsBefore + 10 })
        let held = ContinuousClock.now - heldFrom
        let cpu = try #require(cpuSeconds(of: server.pid)) - cpuBefore
        let heldSeconds = Double(held.components.seconds) + Double(held.components.attoseconds) * 1e-18
        #expect(cpu < heldSeconds * 0.5, "the server does not spin: \(cpu) s of CPU in \(held)")
        // Also holds the idle connections open to here.
        print("held sockets: \(idle.count) idle, \(slow.count) slow; 100 answers in \(wall); server CPU \(cpu) s in \(held) held")
        trickling.store(false, ordering: .relaxed)
        kill(server.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid))
    }

    @Test("the token is never printed nor logged, a token in the URL is REDACTED, refusals are a count")
    func tokenStaysSecret() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        try ServeEndToEndTests.spindle(["--generate-library", "300"], in: session)
        let server = try await ServeEndToEndTests.serve(in: session)
        let token = try Self.token(in: session)
        let port = server.port
        let start = ContinuousClock.now
        let statuses = await LoopbackSocket.blocking { () -> [Int?] in
            [LoopbackSocket.get("/v1/titles?limit=1&token=\(token)", port: port, token: token)]
                + (0 ..< 500).map { _ in LoopbackSocket.get("/v1/titles?limit=1", port: port, token: "wrong-0123456789abcdef") }
        }
        #expect(statuses.first == 200)
        #expect(statuses.dropFirst().allSatisfy { $0 == 401 })
        kill(server.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid))
        let log = Self.log(session)
        #expect(!log.contains(token), "\(log)")
        #expect(log.contains("token=REDACTED"))
        // The first at once, one per 10 s begun, and the rest at the stop.
        let windows = Int((ContinuousClock.now - start) / .seconds(10)) + 1
        let refusals = log.split(separator: "\n").filter { $0.contains("refused") }
        #expect((1 ... 1 + windows).contains(refusals.count), "\(refusals)")
        #expect(log.split(separator: "\n").count < 20, "\(log)")
    }

    @Test("weak tokens, a bad address and a port in use are one line each, before any scan")
    func startErrorsAreOneLine() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let home = session.directory.path
        let media = try Self.clipFolder(in: home)

        let tooShort = try Self.spindle(["serve", "--token", "a"], home: home)
        let repeated = try Self.spindle(["serve", "--token", "aaaaaaaaaaaaaaaaaaaa"], home: home)
        let empty = try Self.spindle(["serve"], home: home, environment: ["SPINDLE_TOKEN="])
        let spaces = try Self.spindle(["serve", "--token", " "], home: home)
        let nonsense = try Self.spindle(["serve", "--listen", "nonsense"], home: home)
        try FileManager.default.createDirectory(atPath: home + "/.config/spindle", withIntermediateDirectories: true)
        let tokenFile = home + "/.config/spindle/token"
        _ = FileManager.default.createFile(atPath: tokenFile, contents: Data("\u{1B}]2;PWNED\u{07}0123456789abcdef\n".utf8),
                                       attributes: [.posixPermissions: 0o600])
        let escaped = try Self.spindle(["serve"], home: home)
        try FileManager.default.removeItem(atPath: tokenFile)

        let first = try await ServeEndToEndTests.serve(in: session)
        let taken = try Self.spindle(["serve", "--listen", "127.0.0.1:\(first.port)", media], home: home)
        kill(first.pid, SIGTERM)

        for (name, run) in [("too short", tooShort), ("repeated", repeated), ("empty", empty), ("spaces", spaces), ("nonsense", nonsense),
                            ("escapes", escaped), ("taken", taken)] {
            #expect(run.status == 1, "\(name): \(run.output)")
            #expect(run.output.split(separator: "\n").count == 1, "\(name): one line: \(run.output)")
            #expect(!run.output.utf8.contains(0x1B) && !run.output.utf8.contains(0x07), "\(name): inert: \(run.output)")
        }
        #expect(tooShort.output.contains("at least 16"))
        #expect(repeated.output.contains("one character repeated"))
        #expect(empty.output.contains("SPINDLE_TOKEN cannot be used: it is empty"))
        #expect(nonsense.output.hasPrefix("spindle: cannot listen on nonsense:8700"))
        #expect(escaped.output.contains("visible ASCII"))
        #expect(taken.output == "spindle: cannot listen on 127.0.0.1:\(first.port): the address is in use "
            + "(another server listens there: stop it, or choose another port with --listen)\n")
        #expect(await MPVEndToEndTests.waitUntilGone(first.pid))
    }

    @Test("escape sequences in a path reach the terminal inert")
    func pathsAreInert() throws {
        let home = try TempFolder()
        let evil = home.path + "/evil\u{1B}]2;PWNED\u{07}.jsonl"
        let browse = try Self.spindle(["--catalog", evil], home: home.path)
        let scan = try Self.spindle(["scan", home.path + "/evil\u{1B}]2;PWNED\u{07}"], home: home.path)
        for run in [browse, scan] {
            #expect(run.status != 0)
            #expect(!run.output.utf8.contains(0x1B) && !run.output.utf8.contains(0x07), "\(run.output)")
            #expect(run.output.contains("evil␛]2;PWNED␇"), "\(run.output)")
        }
    }

    @Test("a file that cannot be read fails the scan (exit 1); links left out do not")
    func scanExitStatus() throws {
        let folder = try TempFolder(prefix: "spindle-scan-status")
        let home = folder.path
        let media = try Self.clipFolder(in: home)
        #expect(symlink("/etc", media + "/etc") == 0)
        let links = try Self.spindle(["scan", media], home: home)
        #expect(links.status == 0, "\(links.output)")
        #expect(FileManager.default.createFile(atPath: media + "/broken.mkv", contents: Data([0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0, count: 64))))
        let broken = try Self.spindle(["scan", media], home: home)
        #expect(broken.status == 1, "\(broken.output)")
        #expect(broken.output.contains("could not be read"), "\(broken.output)")
    }

    @Test("a link to /etc/passwd in a media folder is not scanned, and not served")
    func linksOutOfTheFolderAreNotServed() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let home = session.directory.path
        let media = try Self.clipFolder(in: home)
        #expect(symlink("/etc/passwd", media + "/x.mkv") == 0)
        #expect(symlink("/etc", media + "/etc") == 0)
        let scan = try Self.spindle(["scan", media], home: home)
        #expect(scan.output.contains("not following \(media)/"), "\(scan.output)")
        #expect(scan.status == 0, "links left out are no failure: \(scan.output)")
        let server = try await ServeEndToEndTests.serve(in: session)
        defer { kill(server.pid, SIGTERM) }
        let token = try Self.token(in: session)
        let port = server.port
        let bodies = await LoopbackSocket.blocking { () -> [String] in
            (1 ... 5).map { id in
                guard let socket = LoopbackSocket(port: port) else { return "" }
                socket.send("GET /v1/titles/t\(id)/video HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n")
                var received: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = recv(socket.descriptor, &chunk, chunk.count, 0)
                    guard count > 0 else { break }
                    received += chunk[..<count]
                }
                return String(decoding: received, as: UTF8.self)
            }
        }
        #expect(bodies.filter { $0.hasPrefix("HTTP/1.1 200") }.count == 1, "only the clip is a title with a file")
        #expect(!bodies.contains { $0.contains("root:") })
    }

    @Test("Ctrl+C says how many transfers it waits for; a second Ctrl+C stops now; an idle server stops at once")
    func ctrlCDuringATransfer() async throws {
        let session = try TmuxSession(columns: 160, rows: 24)
        defer { session.close() }
        try Self.bigFilm(in: session)
        let log = session.directory.appendingPathComponent("serve.log").path
        try session.send("sh -c 'echo $$ > \(session.directory.path)/pid; exec \(AppRun.binary) serve --listen 127.0.0.1:0 2> \(log)'",
                         literal: true)
        try session.send("Enter")
        let pid = pid_t(try await session.waitForFile("pid"))!
        try await Self.waitForLog(session, containing: "browse it with")
        let text = Self.log(session)
        let port = try #require(text.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)/).map { Int($0.1)! })
        let token = try Self.token(in: session)
        let transfer = await LoopbackSocket.blocking { () -> LoopbackSocket? in
            let socket = LoopbackSocket(port: port)
            socket?.send("GET /v1/titles/t1/video HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n")
            return socket
        }
        #expect(transfer?.status() == 200)
        try session.send("C-c")
        try await Self.waitForLog(session, containing: "waiting for 1 transfer to finish (at most 10 s; Ctrl+C again stops now)")
        #expect(!isProcessGone(pid), "it waits for the transfer")
        try session.send("C-c")
        try await Self.waitForLog(session, containing: "stopping now")
        #expect(await MPVEndToEndTests.waitUntilGone(pid))
        _ = transfer

        // Idle, it stops at once.
        try session.send("clear; sh -c 'echo $$ > \(session.directory.path)/pid2; exec \(AppRun.binary) serve --listen 127.0.0.1:0 2> \(log)2'",
                         literal: true)
        try session.send("Enter")
        let idle = pid_t(try await session.waitForFile("pid2"))!
        try await Self.waitForLog(session, containing: "browse it with", name: "serve.log2")
        let asked = ContinuousClock.now
        kill(idle, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(idle))
        print("an idle spindle serve stopped \(ContinuousClock.now - asked) after SIGTERM")
    }

    @Test("listening on every address warns that plain HTTP is cleartext and names this machine")
    func wildcardWarns() async throws {
        let session = try TmuxSession(columns: 200, rows: 24)
        defer { session.close() }
        let path = session.directory.appendingPathComponent("serve.log").path
        let pane = try session.tmux(["new-window", "-d", "-P", "-F", "#{pane_pid}",
                                     "exec \(AppRun.binary) serve --listen 0.0.0.0:0 2> \(path)"])
        let pid = try #require(pid_t(pane.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(pid, SIGTERM) }
        try await Self.waitForLog(session, containing: "warning:")
        let log = Self.log(session)
        #expect(log.contains("plain HTTP is cleartext"))
        #expect(!log.contains("spindle http://0.0.0.0"), "the hint names this machine, not 0.0.0.0")
        kill(pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(pid))
    }
}
