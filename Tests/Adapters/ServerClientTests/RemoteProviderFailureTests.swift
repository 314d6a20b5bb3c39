import Catalog
import ServerWire
import SpinTesting
@testable import ServerClient
import Testing
import TestSupport

@Suite(.waitsInRealTime)
struct RemoteProviderFailureTests {
    /// The error the first page fails with, from a server that behaves as `behaviour` says.
    private func failure(
        _ behaviour: FaultBehaviour, timeout: Duration = Wait.deadline
    ) async throws -> (RemoteError?, FaultServer) {
        let server = try await FaultServer.start(behaviour)
        let provider = try Fixtures.provider(server, timeout: timeout)
        let error = await #expect(throws: RemoteError.self) {
            try await provider.page(PageRequest(pageSize: 10))
        }
        return (error, server)
    }

    @Test func aPortWhereNothingListensIsRefusedAtOnce() async throws {
        let port = try await FaultServer.freePort()
        let provider = try RemoteProvider(server: "http://127.0.0.1:\(port)", token: Fixtures.token)
        let error = await #expect(throws: RemoteError.self) {
            try await provider.page(PageRequest(pageSize: 10))
        }
        // Refused, not waited out: a timeout would say "did not answer within" (no wall-clock bound
        // here: on a loaded machine the first request's set-up alone can take seconds).
        #expect(error?.description == "cannot reach http://127.0.0.1:\(port): connection refused (is spindle serve running?)")
    }

    @Test func aServerSlowerThanTheTimeoutTimesOut() async throws {
        let (error, server) = try await failure(.slow(.seconds(2), then: .library(Fixtures.titles(3))), timeout: .milliseconds(200))
        defer { server.stop() }
        #expect(error == .timedOut(.milliseconds(200)))
        #expect(error?.description == "the server did not answer within 200 ms")
        // The request was given up: its connection is closed, long before the answer is due.
        await eventually("the connection closed") { server.closedConnections == 1 }
    }

    @Test func aBodyThatStopsComingTimesOutToo() async throws {
        // The head is there at once: the timeout bounds the whole answer, not only the head.
        let (error, server) = try await failure(.stallAfterHeaders, timeout: .milliseconds(200))
        defer { server.stop() }
        #expect(error == .timedOut(.milliseconds(200)))
        await eventually("the connection closed") { server.closedConnections == 1 }
    }

    @Test func aBodyThatIsNotJSONCannotBeRead() async throws {
        let (error, server) = try await failure(.answer(status: 200, body: "<html>hello</html>"))
        defer { server.stop() }
        #expect(error?.description == "the server's answer could not be read")
    }

    @Test func anAnswerNested16000LevelsDeepIsRefusedInOneShortLine() async throws {
        let body = #"{"titles":"# + String(repeating: "[", count: 16_000) + String(repeating: "]", count: 16_000) + "}"
        let (error, server) = try await failure(.answer(status: 200, body: body))
        defer { server.stop() }
        #expect(error == .answerNestedTooDeep)
        #expect(error?.description == "the server's answer nests deeper than 64 levels, which no answer does")
    }

    @Test func anAnswerNested64LevelsDeepReachesTheDecoder() async throws {
        let body = #"{"titles":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}"
        let (error, server) = try await failure(.answer(status: 200, body: body))
        defer { server.stop() }
        #expect(error == .unreadableAnswer)
    }

    @Test func JSONOfTheWrongShapeCannotBeRead() async throws {
        let (error, server) = try await failure(.answer(status: 200, body: #"{"titles":"none","next":null,"total":1}"#))
        defer { server.stop() }
        #expect(error == .unreadableAnswer)
    }

    @Test func aRefusedTokenSaysWhereToGiveIt() async throws {
        let (error, server) = try await failure(.answer(status: 401, body: #"{"error":"bad token"}"#))
        defer { server.stop() }
        #expect(error?.description == "not authorized: the server refused the token (give it with --token or SPINDLE_TOKEN)")
        // Never retried by itself.
        #expect(server.requests.count == 1)
    }

    @Test func aServerFailureShowsItsMessageCleanedAndCut() async throws {
        let message = "disk\u{1B}[31m on\nfire " + String(repeating: "x", count: 300)
        let (error, server) = try await failure(.answer(status: 500, body: Fixtures.errorJSON(message)))
        defer { server.stop() }
        let expected = "disk [31m on fire " + String(repeating: "x", count: 199 - 18) + "…"
        #expect(error == .serverFailed(status: 500, message: expected))
        #expect(error?.description == "the server failed (500): \(expected)")
    }

    @Test func aServerFailureWithoutAMessageSaysTheStatus() async throws {
        let (error, server) = try await failure(.answer(status: 503, body: "Service Unavailable"))
        defer { server.stop() }
        #expect(error?.description == "the server failed (503)")
    }

    @Test func aMissingTitlesPathIsNoLibrary() async throws {
        let (error, server) = try await failure(.answer(status: 404, body: #"{"error":"not found"}"#))
        defer { server.stop() }
        #expect(error?.description == "no library at \(server.address)/v1/titles (is it spindle serve?)")
    }

    @Test func aRedirectIsNotFollowedAndSaysWhereTo() async throws {
        let elsewhere = try await FaultServer.start(.library(Fixtures.titles(3)))
        defer { elsewhere.stop() }
        let (error, server) = try await failure(.redirect(to: "\(elsewhere.address)/v1/titles?limit=10"))
        defer { server.stop() }
        #expect(error?.description == "the server redirects (301) to \(elsewhere.address): give that address with --server")
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func aConnectionClosedAfterTheHeadersIsSaid() async throws {
        let (error, server) = try await failure(.closeAfterHeaders)
        defer { server.stop() }
        #expect(error?.description == "the server closed the connection")
        // An answer had begun: the request is not asked again.
        #expect(server.requests.count == 1)
    }

    /// As a stopped server leaves them: every kept-alive connection of the pool closed, each
    /// found so only when a request is sent on it.
    @Test func connectionsClosedBeforeAnyAnswerAreTriedUntilOneAnswers() async throws {
        let closed = StrictHTTPClient.connectionsPerServer
        let server = try await FaultServer.start(.closeBeforeAnswer(times: closed, then: .library(Fixtures.titles(3))))
        defer { server.stop() }
        let page = try await Fixtures.provider(server).page(PageRequest(pageSize: 10))
        #expect(page.items.count == 3)
        #expect(server.requests.count == closed + 1)
    }

    @Test func aServerThatClosesEveryConnectionBeforeAnsweringIsSaidAfterThePoolsWorth() async throws {
        let (error, server) = try await failure(.closeBeforeAnswer(times: .max, then: .hold))
        defer { server.stop() }
        #expect(error?.description == "the server closed the connection")
        #expect(server.requests.count == StrictHTTPClient.connectionsPerServer + 1)
    }

    @Test(arguments: [true, false])
    func aPageTooBigIsRefusedWithoutReadingItAll(announced: Bool) async throws {
        let (error, server) = try await failure(.huge(bytes: 10 << 20, announced: announced))
        defer { server.stop() }
        #expect(error?.description == "the server's page is too big")
        await eventually("the connection closed") { server.closedConnections == 1 }
    }

    @Test func noErrorMessageHoldsTheToken() async throws {
        let behaviours: [FaultBehaviour] = [
            .answer(status: 401, body: "{}"), .answer(status: 500, body: #"{"error":"x"}"#),
            .answer(status: 200, body: "nope"), .closeAfterHeaders,
        ]
        for behaviour in behaviours {
            let (error, server) = try await failure(behaviour)
            server.stop()
            #expect(error.map { !"\($0)".contains(Fixtures.token) } == true)
        }
        let provider = try RemoteProvider(server: "http://127.0.0.1:1", token: Fixtures.token)
        #expect(!"\(provider)".contains(Fixtures.token))
        #expect(!String(reflecting: provider).contains(Fixtures.token))
        var dumped = ""
        dump(provider, to: &dumped)
        #expect(!dumped.contains(Fixtures.token))
    }
}
