import Foundation
import SpinTesting
import Testing
import TestSupport

/// Untrusted and private files, with the real binaries and a temporary HOME: a FIFO where a
/// token, a certificate or a key should be is one line and status 1, never a hang; what the app
/// keeps of the user (the library, the sessions, the token) is readable by the user alone.
@Suite("Special files refused, private files private", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct PrivateFilesEndToEndTests {
    /// Runs `spindle arguments` with HOME at `home`, waiting for its end with a deadline (it is
    /// killed by its pid if it does not end): its status and output.
    static func spindle(_ arguments: [String], home: String) async throws -> (status: Int32, output: String) {
        let output = home + "/output-\(UUID().uuidString)"
        defer { unlink(output) }
        let status = try await TestProcess.runWithDeadline(
            [AppRun.binary] + arguments, environment: ["HOME=\(home)"] + ServeSafetyEndToEndTests.environment,
            output: .file(output))
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    /// A FIFO at `path` (its folder made), mode 0600.
    static func fifo(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(mkfifo(path, 0o600) == 0)
    }

    @Test("a FIFO as the token file of spindle serve and of a client, or as --tls-cert, is one line and status 1")
    func fifosAreRefused() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let home = session.directory.path
        let token = home + "/.config/spindle/token"
        try Self.fifo(token)
        let serve = try await Self.spindle(["serve", "--listen", "127.0.0.1:0"], home: home)
        // The token is read before any connection: no server needs to listen there.
        let client = try await Self.spindle(["http://127.0.0.1:9"], home: home)
        try Self.fifo(home + "/cert.pem")
        try Self.fifo(home + "/key.pem")
        let tls = try await Self.spindle(["serve", "--listen", "127.0.0.1:0", "--token", "0123456789abcdefghijKLMNOPqrstuv",
                                          "--tls-cert", home + "/cert.pem", "--tls-key", home + "/key.pem"], home: home)

        for (name, run) in [("serve", serve), ("client", client), ("tls", tls)] {
            #expect(run.status == 1, "\(name): \(run.output)")
            #expect(run.output.split(separator: "\n").count == 1, "\(name): one line: \(run.output)")
        }
        #expect(serve.output.contains("cannot read the token in \(token): it is not a regular file"), "\(serve.output)")
        #expect(client.output.contains("cannot read the token in \(token): it is not a regular file"), "\(client.output)")
        #expect(tls.output.contains("cannot use \(home)/cert.pem for TLS: it is a pipe (FIFO), not a regular file"),
                "\(tls.output)")
    }

    /// Every file and folder under Spindle's folders of `home` whose mode is not 0600 (a file) or
    /// 0700 (a folder), with its mode.
    static func offenders(in home: String) -> [String] {
        let folders = ["/.config/spindle", "/.local/share/spindle", "/.local/state/spindle", "/state/spindle"]
        var found: [String] = []
        for folder in folders.map({ home + $0 }) {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            let paths = [folder] + walker.compactMap { $0 as? String }.map { folder + "/" + $0 }
            for path in paths {
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let mode = info.st_mode & 0o777
                let isFolder = info.st_mode & S_IFMT == S_IFDIR
                if isFolder ? mode != 0o700 : mode != 0o600 { found.append("\(path) \(String(mode, radix: 8))") }
            }
        }
        return found
    }

    @Test("after a scan, a serve and a browse, every file Spindle keeps is 0600 and every folder 0700")
    func everythingKeptIsPrivate() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let home = session.directory.path
        let media = try ServeSafetyEndToEndTests.clipFolder(in: home)
        let scan = try await Self.spindle(["scan", media], home: home)
        #expect(scan.status == 0, "\(scan.output)")
        let server = try await ServeEndToEndTests.serve(in: session)
        kill(server.pid, SIGTERM)
        #expect(await MPVEndToEndTests.waitUntilGone(server.pid))
        let browse = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("q")
        #expect(try await browse.exitStatus() == 0)

        for folder in ["/.config/spindle/token", "/.local/share/spindle/library.sqlite", "/state/spindle/sessions"] {
            #expect(FileManager.default.fileExists(atPath: home + folder), "\(folder) was made")
        }
        let offenders = Self.offenders(in: home)
        #expect(offenders.isEmpty, "not private: \(offenders.joined(separator: ", "))")
    }

    @Test("a ~/.config/spindle that others may read is made 0700 by the next run")
    func wideFolderIsNarrowed() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let home = session.directory.path
        let folder = home + "/.config/spindle"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(chmod(folder, 0o755) == 0)
        let run = try await Self.spindle(["config"], home: home)
        #expect(run.status == 0, "\(run.output)")
        var info = stat()
        #expect(stat(folder, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700, "mode \(String(info.st_mode & 0o777, radix: 8))")
    }
}
