import AsyncHTTPClient
import Catalog
import SpinTesting
@testable import ServerClient
import Testing
import TestSupport

@Suite(.waitsInRealTime)
struct RemoteProviderSharedClientTests {
    /// `HTTPClient.shared` retries a refused connection until a deadline: with it a stopped
    /// server is said only when the provider's timeout runs out (the reason the provider has
    /// its own default client).
    @Test func withAClientThatRetriesARefusedConnectionIsATimeout() async throws {
        let port = try await FaultServer.freePort()
        let provider = try RemoteProvider(
            server: "http://127.0.0.1:\(port)", token: Fixtures.token, timeout: .milliseconds(200), client: .shared
        )
        let error = await #expect(throws: RemoteError.self) {
            try await provider.page(PageRequest(pageSize: 10))
        }
        #expect(error == .timedOut(.milliseconds(200)))
    }
}
