import Foundation
import Library
import Server
import Logging
import Testing

@Suite struct ShutdownTests {
    /// A client reading a 64 MiB video slowly: the shutdown starts while most of it is still to
    /// be sent, and the client still gets every byte before `run()` returns.
    @Test func aRequestUnderWayFinishesAfterTheShutdownStarts() async throws {
        // A grace long enough for a slow reader on a loaded machine: the rule under test is that
        // the transfer is let finish, not how long the grace is (SlowClientTests has that).
        var limits = TestServer.limits
        limits.shutdownGrace = .seconds(120)
        try await TestServer.with(limits: limits) { server in
            let connection = try await server.bigVideoTransfer()
            let first = try await TestConnection.blocking { try connection.readBody(upTo: 65536) }
            #expect(first.count == 65536)

            await server.server.shutDown()

            let rest = try await TestConnection.blocking { () -> Int in
                var count = 0
                while true {
                    let chunk = try connection.readBody(upTo: 1 << 20)
                    if chunk.isEmpty { return count }
                    #expect(chunk.allSatisfy { $0 == 0 })
                    count += chunk.count
                }
            }
            #expect(first.count + rest == TestServer.bigSize)
        }
    }

    @Test func shuttingDownBeforeRunningEndsRunAtOnce() async throws {
        try await TestServer.with { server in
            let other = LibraryServer(database: server.database, token: "x", accountKey: "y", logger: Logger(label: "test"))
            await other.shutDown()
            try await other.run()
        }
    }
}
