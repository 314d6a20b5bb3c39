import Browser
import Catalog
import ServerWire
import SpinTesting
@testable import ServerClient
import Testing
import TestSupport

/// The list with a remote provider: a failed page shows the server's words and stops loading;
/// `r` (retry) once the server is fixed loads it.
@Suite(.waitsInRealTime)
struct RemoteListTests {
    /// Loads what the list asks for, as the app's `AppFeedbacks.pageLoading` does.
    private func loadRequestedPage(_ state: inout ListState, from provider: RemoteProvider) async {
        guard let request = state.pageToLoad else { return }
        do {
            let page = try await provider.page(request)
            ListState.reduce(&state, .pageLoaded(page, for: request))
        } catch {
            ListState.reduce(&state, .pageFailed(String(describing: error), for: request))
        }
    }

    @Test func aFailedPageShowsTheMessageAndARetryAfterTheFixLoadsIt() async throws {
        let server = try await FaultServer.start(.answer(status: 500, body: #"{"error":"the database is locked"}"#))
        defer { server.stop() }
        let provider = try Fixtures.provider(server)
        var state = ListState(pageSize: 20, viewportRows: 10)
        await loadRequestedPage(&state, from: provider)
        #expect(state.lastError == "the server failed (500): the database is locked")
        #expect(state.pageToLoad == nil)
        #expect(state.items.isEmpty)

        server.behaviour = .library(Fixtures.titles(45))
        ListState.reduce(&state, .retryRequested)
        await loadRequestedPage(&state, from: provider)
        #expect(state.lastError == nil)
        #expect(state.items.count == 20)
        #expect(state.hasMore)

        // Scrolling to the end pages through the rest via the server's next links.
        ListState.reduce(&state, .selectionMoved(.end))
        while state.pageToLoad != nil { await loadRequestedPage(&state, from: provider) }
        #expect(state.items.count == 45)
        #expect(!state.hasMore)
        #expect(server.requests.count == 4)
    }

    @Test func aStoppedServerIsSaidInTheList() async throws {
        let port = try await FaultServer.freePort()
        let provider = try RemoteProvider(server: "http://127.0.0.1:\(port)", token: "t")
        var state = ListState(pageSize: 20, viewportRows: 10)
        await loadRequestedPage(&state, from: provider)
        #expect(state.lastError == "cannot reach http://127.0.0.1:\(port): connection refused (is spindle serve running?)")
    }
}
