import Catalog
import SpinTesting
@testable import ServerClient
import Testing
import TestSupport

@Suite(.waitsInRealTime)
struct RemoteProviderCancellationTests {
    @Test func cancellingTheTaskAbortsTheRequestAtOnce() async throws {
        let server = try await FaultServer.start(.hold)
        defer { server.stop() }
        // A timeout far beyond the test's patience: only the cancellation can end the request.
        let provider = try Fixtures.provider(server, timeout: .seconds(120))
        let task = Task { try await provider.page(PageRequest(pageSize: 10)) }
        await eventually("the request reached the server") { server.requests.count == 1 }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        // The client closed its connection: the server's held answer can never arrive.
        await eventually("the connection closed") { server.closedConnections == 1 }
    }

    @Test func cancellingWhileTheBodyIsArrivingAbortsToo() async throws {
        // The head arrives at once; the body never ends (1000 bytes announced, a few sent).
        let server = try await FaultServer.start(.stallAfterHeaders)
        defer { server.stop() }
        let provider = try Fixtures.provider(server, timeout: .seconds(120))
        let task = Task { try await provider.title(after: "t1", query: "") }
        await eventually("the request reached the server") { server.requests.count == 1 }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        await eventually("the connection closed") { server.closedConnections == 1 }
    }

    @Test func aTaskAlreadyCancelledGetsCancellationError() async throws {
        let server = try await FaultServer.start(.library(Fixtures.titles(3)))
        defer { server.stop() }
        let provider = try Fixtures.provider(server)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await provider.page(PageRequest(pageSize: 10))
        }
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }
}
