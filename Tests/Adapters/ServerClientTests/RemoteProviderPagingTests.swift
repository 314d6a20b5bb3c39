import Catalog
import ServerWire
import SpinTesting
@testable import ServerClient
import Testing
import TestSupport

@Suite(.waitsInRealTime)
struct RemoteProviderPagingTests {
    @Test func followingTheNextLinksAcrossFivePagesGivesTheWholeList() async throws {
        let server = try await FaultServer.start(.library(Fixtures.titles(23)))
        defer { server.stop() }
        let pages = try await Fixtures.allPages(try Fixtures.provider(server), pageSize: 5)
        #expect(pages.count == 5)
        #expect(pages.flatMap(\.items).map(\.id) == (1 ... 23).map { "t\($0)" })
        #expect(pages.last?.next == nil)
        #expect(pages.first?.next == .token("\(server.address)/v1/titles?limit=5&q=&after=5"))
        // Every request carried the token and asked for JSON; the later ones went where `next` said.
        #expect(server.requests.map(\.authorization) == Array(repeating: "Bearer \(Fixtures.token)", count: 5))
        #expect(server.requests.allSatisfy { $0.accept == "application/json" })
        #expect(server.requests.first?.uri == "/v1/titles?limit=5&q=&count=no")
        #expect(server.requests.last?.uri == "/v1/titles?limit=5&q=&after=20")
    }

    @Test func theQueryIsPercentEncoded() async throws {
        let titles = [WireTitle(id: "a", title: "Amélie & Nino à Paris/2", video: nil),
                      WireTitle(id: "b", title: "Other", video: nil)]
        let server = try await FaultServer.start(.library(titles))
        defer { server.stop() }
        let page = try await Fixtures.provider(server).page(PageRequest(query: "Amélie & Nino à", pageSize: 10))
        #expect(page.items.map(\.id) == ["a"])
        #expect(server.requests.first?.uri == "/v1/titles?limit=10&q=Am%C3%A9lie%20%26%20Nino%20%C3%A0&count=no")
    }

    @Test func theLimitIsCappedAtTheProtocolsMaximum() async throws {
        let server = try await FaultServer.start(.library(Fixtures.titles(250)))
        defer { server.stop() }
        let page = try await Fixtures.provider(server).page(PageRequest(pageSize: 1000))
        #expect(page.items.count == WireProtocol.maximumLimit)
        #expect(server.requests.first?.uri == "/v1/titles?limit=200&q=&count=no")
    }

    @Test func titlesBecomeCatalogTitlesWithMediaOnTheServer() async throws {
        let titles = [
            WireTitle(id: "full", title: "Full", year: 2001, genre: "Comedy", duration: 7320, introStart: 0,
                      introEnd: 60, creditsStart: 7000, video: "/v1/titles/full/video", subtitles: "/v1/titles/full/subtitles"),
            WireTitle(id: "bare", title: "Bare", video: "/v1/titles/bare/video", problem: "moov atom not found"),
            WireTitle(id: "half", title: "Half", duration: 100, introStart: 5, video: "/v1/titles/half/video"),
            WireTitle(id: "simulated", title: "Simulated", year: 1999, genre: "Drama", duration: 50,
                      introStart: 1, introEnd: 2, creditsStart: 40),
        ]
        let server = try await FaultServer.start(.library(titles))
        defer { server.stop() }
        let items = try await Fixtures.provider(server).page(PageRequest(pageSize: 10)).items
        #expect(items[0] == Title(
            id: "full", title: "Full", year: 2001, genre: "Comedy", duration: 7320, introStart: 0, introEnd: 60,
            creditsStart: 7000,
            media: TitleMedia(video: "\(server.address)/v1/titles/full/video",
                              subtitles: "\(server.address)/v1/titles/full/subtitles")
        ))
        #expect(items[1] == Title(
            id: "bare", title: "Bare", year: 0, genre: "", duration: 0, introStart: 0, introEnd: 0, creditsStart: 0,
            media: TitleMedia(video: "\(server.address)/v1/titles/bare/video", knowsDuration: false,
                              knowsIntro: false, knowsCredits: false, problem: "moov atom not found")
        ))
        // Half an intro is no intro; credits default to the end.
        #expect(items[2] == Title(
            id: "half", title: "Half", year: 0, genre: "", duration: 100, introStart: 0, introEnd: 0, creditsStart: 100,
            media: TitleMedia(video: "\(server.address)/v1/titles/half/video", knowsIntro: false, knowsCredits: false)
        ))
        #expect(items[3].media == nil)
    }

    @Test func titleAfterAsksTheServerAndA404IsTheEnd() async throws {
        let titles = [WireTitle(id: "a/1", title: "Alpha"), WireTitle(id: "b", title: "Beta"),
                      WireTitle(id: "c", title: "Alpha two")]
        let server = try await FaultServer.start(.library(titles))
        defer { server.stop() }
        let provider = try Fixtures.provider(server)
        #expect(try await provider.title(after: "a/1", query: "")?.id == "b")
        #expect(try await provider.title(after: "a/1", query: "Alpha two")?.id == nil)
        #expect(try await provider.title(after: "a/1", query: "Alpha")?.id == "c")
        #expect(try await provider.title(after: "c", query: "") == nil)
        #expect(server.requests.first?.uri == "/v1/titles/a%2F1/next?q=")
        #expect(server.requests[2].uri == "/v1/titles/a%2F1/next?q=Alpha")
    }

    @Test func aNextLinkOnAnotherServerIsNotFollowedAndGetsNoToken() async throws {
        let elsewhere = try await FaultServer.start(.library(Fixtures.titles(10)))
        defer { elsewhere.stop() }
        // Same host, other port: another origin all the same.
        let server = try await FaultServer.start(.library(Fixtures.titles(10), nextOrigin: elsewhere.address))
        defer { server.stop() }
        let provider = try Fixtures.provider(server)
        let first = try await provider.page(PageRequest(pageSize: 4))
        let next = try #require(first.next)
        let error = await #expect(throws: RemoteError.self) {
            try await provider.page(PageRequest(cursor: next, pageSize: 4))
        }
        #expect(error == .foreignNextPage(origin: elsewhere.address))
        #expect(error?.description == "the server's next page is on another server (\(elsewhere.address)): not sending the token there")
        #expect(elsewhere.requests.isEmpty)
        #expect(server.requests.count == 1)
    }

    @Test func aCursorThatIsAPathIsOnTheServer() async throws {
        let server = try await FaultServer.start(.library(Fixtures.titles(10)))
        defer { server.stop() }
        let page = try await Fixtures.provider(server).page(
            PageRequest(cursor: .token("/v1/titles?limit=3&after=6"), pageSize: 3)
        )
        #expect(page.items.map(\.id) == ["t7", "t8", "t9"])
    }

    @Test func anOffsetOtherThanTheStartIsRefused() async throws {
        let provider = try RemoteProvider(server: "http://127.0.0.1:1", token: "t")
        await #expect(throws: CatalogError.unknownCursor(.offset(5))) {
            try await provider.page(PageRequest(cursor: .offset(5), pageSize: 3))
        }
    }
}
