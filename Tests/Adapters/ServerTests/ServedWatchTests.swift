import Catalog
import Foundation
import Library
import Server
import ServerClient
import ServerWire
import Testing
import TestSupport

/// What a server's clients watched, kept on the server for the token's account, and the
/// library's changes told to waiting clients (`/v1/watch`, `/v1/changes`), through the real
/// client (`RemoteWatchStore`, `RemoteProvider.changes`).
@Suite("Watch state and changes of a server's clients", .waitsInRealTime)
struct ServedWatchTests {
    static func client(_ server: TestServer) throws -> RemoteProvider {
        try RemoteProvider(server: "http://127.0.0.1:\(server.port)", token: TestServer.token)
    }

    @Test("a mark saved by one client shows on another; unknown ids are left out; a cleared mark is forgotten")
    func sharedMarks() async throws {
        try await TestServer.with { server in
            let first = RemoteWatchStore(provider: try Self.client(server))
            let second = RemoteWatchStore(provider: try Self.client(server))
            let id = try await server.id(ofTitle: "Aaa Big")
            try await first.save([id: WatchMark(position: 600), "t999999": WatchMark(watched: true), "../etc": WatchMark(watched: true)])
            #expect(try await second.allMarks() == [id: WatchMark(position: 600)])
            try await second.save([id: WatchMark(position: 0, watched: true)])
            #expect(try await first.allMarks() == [id: WatchMark(watched: true)])
            try await first.save([id: WatchMark()])
            #expect(try await second.allMarks().isEmpty)
            // Kept for the token's account, never the token: not a byte of it in the files.
            for suffix in ["", "-wal"] {
                let bytes = (try? Data(contentsOf: URL(fileURLWithPath: server.folder + "/library.sqlite" + suffix))) ?? Data()
                #expect(bytes.range(of: Data(TestServer.token.utf8)) == nil)
            }
        }
    }

    @Test("another method than GET, HEAD or POST is not allowed; the watch state and changes are answered")
    func refusals() async throws {
        try await TestServer.with { server async throws in
            #expect(try await server.get("/v1/watch", method: "DELETE").status == 405)
            #expect(try await server.get("/v1/watch").status == 200)
            #expect(try await server.get("/v1/changes").status == 200)
        }
    }

    @Test("marks nested 16,000 levels deep are refused in one short line; 64 levels reach the decoder")
    func deeplyNestedMarks() async throws {
        try await TestServer.with { server in
            let port = server.port
            @Sendable func post(_ body: String) async throws -> (status: Int, text: String) {
                try await TestConnection.blocking {
                    let connection = try TestConnection(port: port)
                    try connection.send("/v1/watch", token: TestServer.token, headers: [
                        "Content-Type": "application/json", "Content-Length": "\(body.utf8.count)",
                    ], method: "POST")
                    try connection.sendRaw(body)
                    let head = try connection.readHead()
                    return (head.status, String(decoding: try connection.readBody(head), as: UTF8.self))
                }
            }
            let deep = try await post(#"{"marks":"# + String(repeating: "[", count: 16_000))
            #expect(deep.status == 400)
            #expect(deep.text.contains("the body nests deeper than 64 levels") && deep.text.count < 200, "\(deep.text)")
            // At the limit, the decoder reads it, and refuses its shape (marks are no lists).
            let atLimit = try await post(#"{"marks":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}")
            #expect(atLimit.status == 400)
            #expect(atLimit.text.contains("the body must be"), "\(atLimit.text)")
        }
    }

    @Test("a client waiting for changes hears another client's save, and a stop answers it at once")
    func changesAreTold() async throws {
        // A grace far past any wait's deadline: a stop that waited for it would fail the test.
        var limits = TestServer.limits
        limits.shutdownGrace = Wait.deadline * 10
        try await TestServer.with(limits: limits) { server in
            let watcher = try Self.client(server)
            var changes = watcher.changes(retry: .milliseconds(100)).makeAsyncIterator()
            let id = try await server.id(ofTitle: "Aaa Big")
            // The watcher knows the generation once its request waits on the server.
            await eventually("the watcher's request waiting") { server.server.waitingForChanges == 1 }
            try await RemoteWatchStore(provider: try Self.client(server)).save([id: WatchMark(position: 60)])
            let told: Void? = await changes.next()
            #expect(told != nil)
            // Waiting again; a stop answers it at once, not at the end of the grace.
            await eventually("the watcher's request waiting again") { server.server.waitingForChanges == 1 }
            await server.server.shutDown()
            await eventually("the stop answered the waiting request") { server.server.waitingForChanges == 0 }
        }
    }

    @Test("accounts are apart: one token's marks are not another's")
    func accounts() async throws {
        let folder = try TempFolder()
        let database = try LibraryDatabase(path: folder.path + "/library.sqlite")
        let alice = AccountWatchStore(database: database, account: "a")
        let bob = AccountWatchStore(database: database, account: "b")
        try await alice.save(["/f.mkv": WatchMark(position: 90)])
        #expect(try await bob.allMarks().isEmpty)
        #expect(try await alice.allMarks() == ["/f.mkv": WatchMark(position: 90)])
    }
}

/// The account a token's marks are kept under: made with a secret kept apart from the
/// library, so that the library alone cannot confirm a guess of the token.
@Suite struct AccountKeyTests {
    @Test("the account is the token's HMAC under the account key; marks kept under its bare hash move to it")
    func accountUnderTheKey() async throws {
        let folder = try TestServer.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = try LibraryDatabase(path: folder + "/library.sqlite")
        let token = TestServer.token
        let account = LibraryServer.account(of: token, key: TestServer.accountKey)
        let legacy = LibraryServer.legacyAccount(of: token)
        #expect(account != legacy)
        #expect(account.count == 32)
        #expect(LibraryServer.account(of: token, key: "another key") != account)
        try await AccountWatchStore(database: database, account: legacy).save(["k1": WatchMark(position: 600), "k2": WatchMark(watched: true)])
        // A mark the account already has is its own, newer one.
        try await AccountWatchStore(database: database, account: account).save(["k2": WatchMark(position: 30)])
        try await TestServer.serve(database, in: folder) { _ async throws in
            #expect(try await AccountWatchStore(database: database, account: account).allMarks()
                    == ["k1": WatchMark(position: 600), "k2": WatchMark(position: 30)])
            #expect(try await AccountWatchStore(database: database, account: legacy).allMarks().isEmpty)
        }
    }
}
