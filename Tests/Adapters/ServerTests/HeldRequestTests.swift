import Foundation
import Server
import SpinTesting
import TestSupport
import Testing

/// What stops a client holding the token from holding the server's connections with requests
/// that never finish: a body that stalls, long polls by the hundred (docs/server.md, "Limits").
@Suite struct HeldRequestTests {
    /// The library's generation now: what a long poll waits to pass.
    static func generation(_ server: TestServer) async throws -> Int {
        let answer = try await server.get("/v1/changes")
        let text = String(decoding: answer.body, as: UTF8.self)
        return try #require(Int(text.filter(\.isNumber)), "\(text)")
    }

    /// Connects and sends a long poll that waits 25 s for a change after `generation`.
    static func longPoll(port: Int, generation: Int) throws -> TestConnection {
        let connection = try TestConnection(port: port)
        try connection.sendRaw("GET /v1/changes?since=\(generation)&wait=25 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               + "Authorization: Bearer \(TestServer.token)\r\n\r\n")
        return connection
    }

    @Test("an authorized request whose body stalls is cut off after the request timeout")
    func stalledBodyIsCutOff() async throws {
        try await TestServer.with(limits: SlowClientTests.limits { $0.requestTimeout = .milliseconds(300) }) { server in
            let port = server.port
            let closed = try await TestConnection.blocking { () -> Bool in
                let connection = try TestConnection(port: port)
                try connection.sendRaw("POST /v1/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(TestServer.token)\r\n"
                                       + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                return try connection.isClosed(within: Wait.deadline)
            }
            #expect(closed, "the stalled body held its connection")
            await eventually("no connection open") { server.server.connections.open == 0 }
        }
    }

    @Test("past the long-poll budget, the longest wait is answered at once, with Connection: close")
    func longPollBudget() async throws {
        let limits = SlowClientTests.limits { $0.maximumLongPolls = 2 }
        try await TestServer.with(limits: limits) { server in
            let (port, generation) = (server.port, try await Self.generation(server))
            let first = try await TestConnection.blocking { try Self.longPoll(port: port, generation: generation) }
            await eventually("one long poll waits") { server.server.waitingForChanges == 1 }
            let others = try await TestConnection.blocking { try (0 ..< 2).map { _ in try Self.longPoll(port: port, generation: generation) } }
            // The third one to wait ends the first's wait: "nothing new", and ask again.
            let head = try await TestConnection.blocking { try first.readHead() }
            #expect(head.status == 200)
            #expect(head.header("Connection")?.lowercased() == "close")
            let body = try await TestConnection.blocking { try first.readBody(head) }
            #expect(String(decoding: body, as: UTF8.self).contains("\(generation)"))
            #expect(try await TestConnection.blocking { try first.isClosed(within: Wait.deadline) })
            await eventually("two long polls wait") { server.server.waitingForChanges == 2 }
            withExtendedLifetime(others) {}
        }
    }

    /// 12 connections, 8 of them kept idle or waiting, long polls not limited on their own.
    static let roomFor8 = SlowClientTests.limits {
        $0.maximumConnections = 12
        $0.maximumIdleConnections = 8
        $0.maximumLongPolls = 100
        $0.requestTimeout = Wait.deadline * 10
    }

    /// `count` long polls, one after another, each waiting before the next: the first waits longest.
    static func longPolls(_ count: Int, on server: TestServer, generation: Int) async throws -> [TestConnection] {
        let port = server.port
        var polls: [TestConnection] = []
        for waiting in 1 ... count {
            polls.append(try await TestConnection.blocking { try Self.longPoll(port: port, generation: generation) })
            await eventually("\(waiting) long polls wait") { server.server.waitingForChanges == waiting }
        }
        return polls
    }

    @Test("when connections run short, the oldest long poll is answered and closed, and a page gets its answer")
    func longPollsMakeRoom() async throws {
        try await TestServer.with(limits: Self.roomFor8) { server in
            let generation = try await Self.generation(server)
            // One after another, so that the first waits the longest.
            let polls = try await Self.longPolls(8, on: server, generation: generation)
            // A ninth connection: the oldest long poll makes room for it.
            let answer = try await server.get("/v1/titles?limit=1")
            #expect(answer.status == 200)
            let oldest = polls[0]
            let head = try await TestConnection.blocking { try oldest.readHead() }
            #expect(head.status == 200)
            #expect(head.header("Connection")?.lowercased() == "close")
            #expect(try await TestConnection.blocking { try oldest.isClosed(within: Wait.deadline) })
            #expect(server.server.waitingForChanges <= 7)
        }
    }

    @Test("when connections run short, a stalled body makes room like an idle connection")
    func stalledBodiesMakeRoom() async throws {
        let limits = SlowClientTests.limits {
            $0.maximumConnections = 12
            $0.maximumIdleConnections = 8
            $0.requestTimeout = Wait.deadline * 10
        }
        try await TestServer.with(limits: limits) { server in
            let port = server.port
            let stalled = try await TestConnection.blocking {
                try (0 ..< 20).map { _ in
                    let connection = try TestConnection(port: port)
                    try connection.sendRaw("POST /v1/watch HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(TestServer.token)\r\n"
                                           + "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                    return connection
                }
            }
            await eventually("at most 8 stalled bodies held") {
                stalled.count { connection in (try? connection.isClosed(within: .zero)) == false } <= 8
            }
            let answer = try await server.get("/v1/titles?limit=1")
            #expect(answer.status == 200)
        }
    }

    @Test("a connection that has not sent its request yet makes room last: an older long poll goes first")
    func silentConnectionsGoLast() async throws {
        try await TestServer.with(limits: Self.roomFor8) { server in
            let (port, generation) = (server.port, try await Self.generation(server))
            // The oldest connection says nothing (a real client's, its request not yet read).
            let silent = try await TestConnection.blocking { try TestConnection(port: port) }
            await eventually("the silent connection is open") { server.server.connections.open == 1 }
            let polls = try await Self.longPolls(7, on: server, generation: generation)
            // A ninth connection: the oldest long poll makes room, not the older silent one.
            let answer = try await server.get("/v1/titles?limit=1")
            #expect(answer.status == 200)
            let oldest = polls[0]
            let head = try await TestConnection.blocking { try oldest.readHead() }
            #expect(head.header("Connection")?.lowercased() == "close")
            #expect(try await TestConnection.blocking { try silent.isClosed(within: .zero) } == false)
        }
    }
}
