import Catalog
import ServerWire
import SpinTesting
@testable import ServerClient
import Testing
import TestSupport

/// A page's `last` and `previous` links, and its `total`, as the client reads them; the links
/// followed as `next` is, on the server only, with the page size asked for.
@Suite(.waitsInRealTime)
struct RemoteProviderEndPagingTests {
    @Test func aServerWithoutLastOrPreviousGivesNoneAndItsTotal() async throws {
        let server = try await FaultServer.start(.library(Fixtures.titles(23)))
        defer { server.stop() }
        let page = try await Fixtures.provider(server).page(PageRequest(pageSize: 5))
        #expect(page.last == nil && page.previous == nil)
        #expect(page.total == 23)
        #expect(page.next != nil)
    }

    @Test func lastAndPreviousBecomeCursorsFollowedOnTheServerWithThePageSizeAsked() async throws {
        let server = try await FaultServer.start(.answer(status: 200, body: ""))
        defer { server.stop() }
        let page = WirePage(titles: Fixtures.titles(2), next: nil, previous: "\(server.address)/v1/titles?limit=2&before=L1.before.x",
                            last: "/v1/titles?limit=2&before=L1.end", total: 40)
        server.behaviour = .answer(status: 200, body: FaultLibrary.json(page))
        let provider = try Fixtures.provider(server)
        let answer = try await provider.page(PageRequest(pageSize: 2))
        #expect(answer.previous == .token("\(server.address)/v1/titles?limit=2&before=L1.before.x"))
        #expect(answer.last == .token("/v1/titles?limit=2&before=L1.end"))
        #expect(answer.total == 40)
        _ = try await provider.page(PageRequest(cursor: try #require(answer.last), pageSize: 2_000))
        _ = try await provider.page(PageRequest(cursor: try #require(answer.previous), pageSize: 7))
        #expect(server.requests.map(\.uri).dropFirst() == ["/v1/titles?limit=200&before=L1.end", "/v1/titles?limit=7&before=L1.before.x"])
    }

    @Test func aLastLinkOnAnotherServerIsNotFollowedAndGetsNoToken() async throws {
        let elsewhere = try await FaultServer.start(.library(Fixtures.titles(10)))
        defer { elsewhere.stop() }
        let page = WirePage(titles: Fixtures.titles(2), next: nil, last: "\(elsewhere.address)/v1/titles?limit=2&before=L1.end", total: 2)
        let server = try await FaultServer.start(.answer(status: 200, body: FaultLibrary.json(page)))
        defer { server.stop() }
        let provider = try Fixtures.provider(server)
        let last = try #require(try await provider.page(PageRequest(pageSize: 2)).last)
        let error = await #expect(throws: RemoteError.self) {
            try await provider.page(PageRequest(cursor: last, pageSize: 2))
        }
        #expect(error == .foreignNextPage(origin: elsewhere.address))
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func theLimitOfALinkIsThePageSizeAsked() {
        #expect(RemoteProvider.settingLimit(200, in: "http://h:1/v1/titles?limit=50&before=L1.end")
                == "http://h:1/v1/titles?limit=200&before=L1.end")
        #expect(RemoteProvider.settingLimit(3, in: "/v1/titles?q=a&limit=50&limit=9&climit=4#x") == "/v1/titles?q=a&limit=3&limit=3&climit=4#x")
        #expect(RemoteProvider.settingLimit(3, in: "/v1/titles?limit&after=x") == "/v1/titles?limit=3&after=x")
        #expect(RemoteProvider.settingLimit(3, in: "/v1/titles?after=x") == "/v1/titles?after=x", "none to set")
        #expect(RemoteProvider.settingLimit(3, in: "/v1/titles") == "/v1/titles")
    }

    @Test("a request that counts (a reload) asks without count=no, first page and links alike")
    func countingLeavesOutCountNo() throws {
        #expect(RemoteProvider.removingNoCount(from: "/v1/titles?limit=5&count=no&after=x#y") == "/v1/titles?limit=5&after=x#y")
        #expect(RemoteProvider.removingNoCount(from: "/v1/titles?count=nothing") == "/v1/titles?count=nothing")
        let provider = try RemoteProvider(server: "http://127.0.0.1:9", token: "t")
        #expect(try provider.pageURL(for: PageRequest(pageSize: 5)).hasSuffix("&count=no"))
        #expect(try !provider.pageURL(for: PageRequest(pageSize: 5, counts: true)).contains("count=no"))
        let link = PageRequest(cursor: .token("/v1/titles?limit=5&count=no&after=x"), pageSize: 5, counts: true)
        #expect(try provider.pageURL(for: link) == "http://127.0.0.1:9/v1/titles?limit=5&after=x")
    }
}
