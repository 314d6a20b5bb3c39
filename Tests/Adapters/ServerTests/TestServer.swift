import Foundation
import Library
import Server
import Logging
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A real `LibraryServer` on 127.0.0.1 (a free port) over a real library in a fresh folder:
/// 230 generated titles, and a catalog of real files (a video of 300,000 bytes over several
/// chunks, its subtitles, a song, a file of unknown type, a 64 MiB video, a video whose file
/// is gone, and a stream by URL).
///
///     try await TestServer.with { server in
///         let answer = try await server.get("/v1/titles?limit=5")
///     }
struct TestServer: Sendable {
    static let token = "test-token-0123456789abcdef"
    static let accountKey = "test-account-key-0123456789abcdef"
    static let generated = 230
    static let clipSize = 300_000
    static let bigSize = 64 << 20

    let folder: String
    let database: LibraryDatabase
    let server: LibraryServer
    let port: Int

    /// Limits for tests: the defaults, whatever this process's file limit.
    static let limits = ServerLimits(fileDescriptors: 1024)

    static func with(limits: ServerLimits = TestServer.limits, tls: ServerTLS? = nil, logger: Logger? = nil,
                     reporting: @escaping @Sendable (ServerStop) -> Void = { _ in },
                     _ body: (TestServer) async throws -> Void) async throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try LibraryDatabase(path: folder + "/library.sqlite")
        try await database.generateTitles(count: generated)
        try writeMedia(in: folder)
        _ = try await LibraryImport.importCatalog(path: folder + "/catalog.jsonl", into: database)
        try await serve(database, in: folder, limits: limits, tls: tls, logger: logger, reporting: reporting, body)
    }

    /// A server over `database` (whose files are in `folder`) for the time of `body`.
    static func serve(_ database: LibraryDatabase, in folder: String, port: Int = 0, limits: ServerLimits = TestServer.limits,
                      tls: ServerTLS? = nil, logger: Logger? = nil,
                      reporting: @escaping @Sendable (ServerStop) -> Void = { _ in },
                      _ body: (TestServer) async throws -> Void) async throws {
        let logger = logger ?? {
            var logger = Logger(label: "test-server")
            logger.logLevel = .warning
            return logger
        }()
        let server = LibraryServer(database: database, token: token, accountKey: accountKey, port: port, tls: tls, limits: limits,
                                   logger: logger)
        let running = Task { try await server.run(signals: [], reporting: reporting) }
        guard let port = await server.boundPort else {
            try await running.value
            throw TestClientError("the server did not start")
        }
        do {
            try await body(TestServer(folder: folder, database: database, server: server, port: port))
        } catch {
            await server.shutDown()
            _ = try? await running.value
            throw error
        }
        await server.shutDown()
        try await running.value
    }

    static func makeFolder() throws -> String {
        try TempFolder.make(prefix: "spindle-server")
    }

    /// The bytes of the test video: every byte its offset's low byte, mixed a little.
    static func clipBytes() -> [UInt8] {
        (0 ..< clipSize).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    private static func writeMedia(in folder: String) throws {
        try Data(clipBytes()).write(to: URL(fileURLWithPath: folder + "/clip.mkv"))
        try Data("1\n00:00:01,000 --> 00:00:02,000\nHello\n".utf8).write(to: URL(fileURLWithPath: folder + "/clip.srt"))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/song.MP3"))
        try Data([4, 5]).write(to: URL(fileURLWithPath: folder + "/notes.xyz"))
        // Sparse: 64 MiB of zeros without writing them.
        let big = open(folder + "/big.webm", O_WRONLY | O_CREAT, 0o600)
        ftruncate(big, off_t(bigSize))
        close(big)
        let lines = [
            #"{"id":"clip","title":"Aaa Clip","year":2001,"genre":"Drama","video":"clip.mkv","subtitles":"clip.srt"}"#,
            #"{"id":"song","title":"Aaa Song","year":2002,"genre":"","duration":3,"intro_start":0,"intro_end":0,"credits_start":3,"video":"song.MP3"}"#,
            #"{"id":"notes","title":"Aaa Notes","year":2003,"genre":"","video":"notes.xyz"}"#,
            #"{"id":"big","title":"Aaa Big","year":2004,"genre":"","video":"big.webm"}"#,
            #"{"id":"gone","title":"Aaa Gone","year":2005,"genre":"","video":"gone.mp4"}"#,
            #"{"id":"stream","title":"Aaa Stream","year":2006,"genre":"","video":"https://example.com/s.mp4"}"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: folder + "/catalog.jsonl"))
    }

    /// `GET path` with the token (or `token`), whole.
    func get(_ path: String, token: String? = TestServer.token, headers: [String: String] = [:], method: String = "GET") async throws -> TestAnswer {
        let port = port
        return try await TestConnection.blocking {
            let connection = try TestConnection(port: port)
            try connection.send(path, token: token, headers: headers, method: method)
            let head = try connection.readHead()
            let body = try connection.readBody(head)
            return TestAnswer(status: head.status, headers: head.headers, body: body)
        }
    }

    /// A connection that asked for the 64 MiB video and read the answer's head (200), not its
    /// body: a transfer under way, that the test reads, or stalls by reading nothing.
    func bigVideoTransfer() async throws -> TestConnection {
        let big = try await id(ofTitle: "Aaa Big")
        let port = port
        let connection = try await TestConnection.blocking { try TestConnection(port: port) }
        let head = try await TestConnection.blocking {
            try connection.send("/v1/titles/\(big)/video", token: TestServer.token)
            return try connection.readHead()
        }
        #expect(head.status == 200)
        return connection
    }

    /// The public id of the title whose catalog id is `key`, found by search.
    func id(ofTitle name: String) async throws -> String {
        let page = try await get("/v1/titles?q=" + name.replacingOccurrences(of: " ", with: "+")).json(WirePageProbe.self)
        guard let title = page.titles.first(where: { $0.title == name }) else { throw TestClientError("no \(name)") }
        return title.id
    }
}

/// Just enough of a page to find ids.
struct WirePageProbe: Decodable {
    struct Title: Decodable { var id: String; var title: String }
    var titles: [Title]
}
