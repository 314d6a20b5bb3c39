import Catalog
import Foundation
import GRDB
@testable import Library
import Server
import ServerClient
import ServerWire
import SpinTesting
import Synchronization
import Testing
import TestSupport

/// What a server's clients watched, kept on the server as the owner's one history, and the
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
            // Taken back: the un-mark is told too, so that the other client drops its ✓.
            try await first.save([id: WatchMark()])
            #expect(try await second.allMarks() == [id: WatchMark()])
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

    @Test("one history: what the owner watched browsing the library is what the token's clients see, and back")
    func oneHistory() async throws {
        try await TestServer.with { server in
            let client = RemoteWatchStore(provider: try Self.client(server))
            let id = try await server.id(ofTitle: "Aaa Big")
            let local = LibraryWatchStore(database: server.database)
            let key = try #require(try await server.database.read { db in
                try String.fetchOne(db, sql: "SELECT key FROM title WHERE display = 'Aaa Big'")
            })
            try await local.save([key: WatchMark(position: 900)])
            #expect(try await client.allMarks()[id] == WatchMark(position: 900))
            try await client.save([id: WatchMark(watched: true)])
            #expect(try await local.allMarks()[key] == WatchMark(watched: true))
        }
    }

    /// A library of generated titles in a fresh folder (the caller removes it), for a server
    /// started and stopped on it more than once.
    static func generatedLibrary() async throws -> (folder: String, database: LibraryDatabase) {
        let folder = try TestServer.makeFolder()
        let database = try LibraryDatabase(path: folder + "/library.sqlite")
        try await database.generateTitles(count: TestServer.generated)
        return (folder, database)
    }

    @Test("sync converges: an un-mark reaches the other client, a stale client's older mark does not come back, nor after a restart")
    func staleClient() async throws {
        let (folder, database) = try await Self.generatedLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = TestClock(start: 1_000_000)
        var id = ""
        try await TestServer.serve(database, in: folder) { server in
            let alice = RemoteWatchStore(provider: try Self.client(server), now: clock.read)
            let bob = RemoteWatchStore(provider: try Self.client(server), now: clock.read)
            id = try #require(try await server.get("/v1/titles?limit=1").json(WirePageProbe.self).titles.first?.id)
            try await alice.save([id: WatchMark(watched: true)])
            #expect(try await bob.allMarks()[id] == WatchMark(watched: true))
            clock.advance(by: 1_000)
            try await bob.save([id: WatchMark()])
            #expect(try await alice.allMarks()[id] == WatchMark(), "the un-mark reaches the other client")
            // A client whose clock is behind, or that saves an old mark again, loses to the newer.
            clock.advance(by: -500)
            try await alice.save([id: WatchMark(watched: true)])
            #expect(try await bob.allMarks()[id] == WatchMark())
        }
        // After a restart, the un-mark is still the newest.
        try await TestServer.serve(database, in: folder) { server in
            let carol = RemoteWatchStore(provider: try Self.client(server))
            #expect(try await carol.allMarks()[id] == WatchMark())
        }
    }

    @Test("a client back from offline sends what it did then, with its times: newer than the server's wins, older does not")
    func offlineClient() async throws {
        let (folder, database) = try await Self.generatedLibrary()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = TestClock(start: 1_000_000)
        var port = 0
        var ids: [String] = []
        var alice: RemoteWatchStore?
        try await TestServer.serve(database, in: folder) { server in
            port = server.port
            ids = try await server.get("/v1/titles?limit=2").json(WirePageProbe.self).titles.map(\.id)
            alice = RemoteWatchStore(provider: try Self.client(server), now: clock.read)
            try await alice?.save([ids[0]: WatchMark(watched: true), ids[1]: WatchMark(position: 300)])
        }
        let offline = try #require(alice)
        // The server is gone: Alice un-marks the first title (at 1,000,300) and leaves the
        // second at 600 (at 1,000,350); both wait.
        clock.advance(by: 300)
        await #expect(throws: (any Error).self) { try await offline.save([ids[0]: WatchMark()]) }
        clock.advance(by: 50)
        await #expect(throws: (any Error).self) { try await offline.save([ids[1]: WatchMark(position: 600)]) }
        #expect(offline.unsentCount == 2)
        // Back, on the same address. Meanwhile Bob set both: the first before Alice's un-mark,
        // the second after her position.
        try await TestServer.serve(database, in: folder, port: port) { server in
            let bobsClock = TestClock(start: 1_000_200)
            let bob = RemoteWatchStore(provider: try Self.client(server), now: bobsClock.read)
            try await bob.save([ids[0]: WatchMark(position: 900)])
            bobsClock.advance(by: 200)
            try await bob.save([ids[1]: WatchMark(watched: true)])
            let marks = try await offline.allMarks()
            #expect(offline.unsentCount == 0)
            #expect(marks[ids[0]] == WatchMark(), "Alice's un-mark is newer than Bob's position")
            #expect(marks[ids[1]] == WatchMark(watched: true), "Bob's mark is newer than Alice's position")
        }
    }

    @Test("Home in one request: left part way first, each row saying its part; the client shows the part where a genre would be")
    func homeOverTheServer() async throws {
        try await TestServer.with { server in
            let provider = try Self.client(server)
            let id = try await server.id(ofTitle: "Aaa Big")
            // Asked once before the mark, so that the page is kept: the mark's commit ends it.
            let before = try await server.get("/v1/titles?scope=home").json(WirePage.self)
            #expect(before.titles.allSatisfy { $0.shelf == "new" }, "\(before.titles.map(\.shelf))")
            try await RemoteWatchStore(provider: provider).save([id: WatchMark(position: 600)])
            let home = try await server.get("/v1/titles?scope=home").json(WirePage.self)
            #expect(home.titles.first?.id == id)
            #expect(home.titles.first?.shelf == "◐ continue")
            #expect(home.titles.dropFirst().allSatisfy { $0.shelf == "new" }, "\(home.titles.map(\.shelf))")
            #expect(home.next == nil)
            let page = try await provider.page(PageRequest(scope: .home, pageSize: 50))
            #expect(page.items.first?.genre == "◐ continue")
            #expect(page.items.first?.title == "Aaa Big")
        }
    }

    @Test("a season's or a show's episodes are marked in one request; their rows count them")
    func groupMarks() async throws {
        try await TestServer.with { server in
            let client = RemoteWatchStore(provider: try Self.client(server))
            let shows = try await server.get("/v1/titles?scope=shows").json(WirePage.self).titles
            let show = try #require(shows.first?.group)
            #expect(show.watched == 0 && show.inProgress == 0)
            try await client.mark(GroupWatchMark(group: .season(show: show.show, 1, episodes: 0), watched: true))
            let seasons = try await server.get("/v1/titles?show=" + PercentEncoding.encode(show.show)).json(WirePage.self).titles
            let first = try #require(seasons.first?.group)
            #expect(first.watched == first.episodes && first.episodes > 0)
            #expect(seasons.dropFirst().allSatisfy { $0.group?.watched == 0 })
            try await client.mark(GroupWatchMark(group: .show(show.show, seasons: 0, episodes: 0), watched: true))
            let again = try await server.get("/v1/titles?scope=shows").json(WirePage.self).titles
            #expect(again.first?.group?.group.isWatched == true)
        }
    }
}

/// A clock for marks' times that a test moves by hand (milliseconds since 1970).
final class TestClock: Sendable {
    private let now: Mutex<Int64>

    init(start: Int64) {
        now = Mutex(start)
    }

    var read: @Sendable () -> Int64 {
        { [self] in now.withLock { $0 } }
    }

    func advance(by milliseconds: Int64) {
        now.withLock { $0 += milliseconds }
    }
}

/// The owner's history under the key: marks a server kept apart for its token move into it.
@Suite struct AccountKeyTests {
    @Test("the account is the token's HMAC under the account key; marks kept apart under it or its bare hash join the owner's history, the newer winning")
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
        try await database.write { db in
            for (owner, key, watched, position, updated) in [(legacy, "k1", false, 600, Int64(10)), (legacy, "k2", true, 0, 10),
                                                              (account, "k3", false, 30, 20)] {
                try db.execute(sql: "INSERT INTO account_watch_state (account, key, watched, position, updated) VALUES (?, ?, ?, ?, ?)",
                               arguments: [owner, key, watched, position, updated])
            }
        }
        let owner = LibraryWatchStore(database: database)
        // The owner's own mark of k2 is newer than the one kept apart.
        try await owner.save(states: ["k2": WatchState(watched: false, position: 45, updated: 50)])
        try await TestServer.serve(database, in: folder) { _ async throws in
            #expect(try await owner.allMarks() == ["k1": WatchMark(position: 600), "k2": WatchMark(position: 45), "k3": WatchMark(position: 30)])
            let left = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM account_watch_state") }
            #expect(left == 0)
        }
    }
}
