import Foundation
import Server
import SpinTesting
import Synchronization
import TestSupport
import Testing

/// What stops a client that connects and says nothing, trickles its request, or stops reading,
/// from holding the server's sockets; and what a stop waits for (docs/server.md, "Limits").
/// The limits are cut to fractions of a second so each test waits on the server, not a clock.
@Suite struct SlowClientTests {
    static func limits(_ change: (inout ServerLimits) -> Void) -> ServerLimits {
        var limits = TestServer.limits
        change(&limits)
        return limits
    }

    @Test("a client that connects and says nothing is closed after the request timeout")
    func silentClientIsClosed() async throws {
        try await TestServer.with(limits: Self.limits { $0.requestTimeout = .milliseconds(300) }) { server in
            let port = server.port
            let received = try await TestConnection.blocking {
                try TestConnection(port: port).drainUntilClosed()
            }
            #expect(received == 0)
            await eventually("no connection open") { server.server.connections.open == 0 }
        }
    }

    @Test("a request sent a byte at a time (slowloris) is cut off after the request timeout")
    func slowlorisIsClosed() async throws {
        try await TestServer.with(limits: Self.limits { $0.requestTimeout = .milliseconds(500) }) { server in
            let port = server.port
            let sentBeforeClose = try await TestConnection.blocking { () -> Int in
                let connection = try TestConnection(port: port)
                try connection.sendRaw("GET /v1/titles HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                let header = Array("X-Slow: " + String(repeating: "a", count: 4000))
                for (index, character) in header.enumerated() {
                    // One byte every 50 ms: far too slow, never silent for the whole timeout.
                    guard (try? connection.sendRaw(String(character))) != nil else { return index }
                    if try connection.isClosed(within: .milliseconds(50)) { return index }
                }
                return header.count
            }
            #expect(sentBeforeClose < 4000, "the trickle was never cut off")
        }
    }

    @Test("an idle keep-alive connection is closed the request timeout after its last answer")
    func idleKeepAliveIsClosed() async throws {
        try await TestServer.with(limits: Self.limits { $0.requestTimeout = .milliseconds(300) }) { server in
            let port = server.port
            let closed = try await TestConnection.blocking { () -> Bool in
                let connection = try TestConnection(port: port)
                try connection.sendRaw("GET /v1/titles?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(TestServer.token)\r\n\r\n")
                let head = try connection.readHead()
                _ = try connection.readBody(head)
                // 0.3 s here; `Wait.deadline` at most, for a loaded machine.
                return try connection.isClosed(within: Wait.deadline)
            }
            #expect(closed)
        }
    }

    @Test("past the idle limit, a new connection closes the oldest idle one; one under way is kept")
    func idleConnectionsMakeRoom() async throws {
        let limits = Self.limits {
            $0.maximumConnections = 12
            $0.maximumIdleConnections = 8
            $0.requestTimeout = .seconds(60)
        }
        try await TestServer.with(limits: limits) { server in
            let port = server.port
            // A transfer under way, then 30 connections that say nothing.
            let transfer = try await server.bigVideoTransfer()
            let idle = try await TestConnection.blocking { try (0 ..< 30).map { _ in try TestConnection(port: port) } }
            // The oldest idle ones are closed as the newer ones come: at most 8 stay open.
            await eventually("at most 8 idle connections open") {
                idle.count { connection in (try? connection.isClosed(within: .zero)) == false } <= 8
            }
            #expect(server.server.connections.open <= 9)
            // A real client still gets its answer at once, and the transfer carries on whole.
            let answer = try await server.get("/v1/titles?limit=1")
            #expect(answer.status == 200)
            let rest = try await TestConnection.blocking { try transfer.drainUntilClosed() }
            #expect(rest == TestServer.bigSize)
        }
    }

    @Test("a client that stops reading an answer is cut off after the stalled-reader timeout")
    func stalledReaderIsCutOff() async throws {
        try await TestServer.with(limits: Self.limits { $0.stalledReaderTimeout = .milliseconds(300) }) { server in
            let connection = try await server.bigVideoTransfer()
            let first = try await TestConnection.blocking { try connection.readBody(upTo: 65536) }
            #expect(first.count == 65536)
            await eventually("no connection open") { server.server.connections.open == 0 }
            let rest = try await TestConnection.blocking { try connection.drainUntilClosed() }
            #expect(first.count + rest < TestServer.bigSize)
        }
    }

    @Test("a stop waits for a stalled transfer no longer than the grace")
    func stopEndsWithinTheGrace() async throws {
        // The stalled-reader timeout is far past any wait's deadline: only the grace can end
        // the transfer within it.
        let limits = Self.limits {
            $0.shutdownGrace = .milliseconds(300)
            $0.stalledReaderTimeout = Wait.deadline * 10
        }
        try await TestServer.with(limits: limits) { server in
            let transfer = try await server.bigVideoTransfer()
            await eventually("a transfer under way") { server.server.connections.busy == 1 }
            await server.server.shutDown()
            await eventually("no connection open after the grace") { server.server.connections.open == 0 }
            withExtendedLifetime(transfer) {}
        }
    }

    @Test("the first stop says how many transfers it waits for; the next one cuts them off")
    func secondStopIsImmediate() async throws {
        // The grace and the stalled-reader timeout are far past any wait's deadline: only the
        // second stop can end the transfer within it.
        let long = Wait.deadline * 10
        let stops = Mutex<[ServerStop]>([])
        let limits = Self.limits {
            $0.shutdownGrace = long
            $0.stalledReaderTimeout = long
        }
        try await TestServer.with(limits: limits, reporting: { stop in stops.withLock { $0.append(stop) } }) { server in
            let transfer = try await server.bigVideoTransfer()
            await eventually("a transfer under way") { server.server.connections.busy == 1 }
            await server.server.shutDown()
            await eventually("the first stop reported") { stops.withLock { $0.count } == 1 }
            #expect(stops.withLock { $0 } == [.stopping(transfers: 1, grace: long)])
            server.server.stopNow()
            await eventually("no connection open after the second stop") { server.server.connections.open == 0 }
            #expect(stops.withLock { $0 } == [.stopping(transfers: 1, grace: long), .stoppingNow])
            withExtendedLifetime(transfer) {}
        }
    }

    @Test("limits follow the file limit: room for a socket and a file per connection")
    func limitsFromTheFileLimit() {
        let small = ServerLimits(fileDescriptors: 256)
        #expect(small.maximumConnections == 96)
        #expect(small.maximumIdleConnections < small.maximumConnections)
        #expect(2 * small.maximumConnections + 64 <= 256)
        #expect(ServerLimits(fileDescriptors: 1 << 20).maximumConnections == 10_000)
    }
}
