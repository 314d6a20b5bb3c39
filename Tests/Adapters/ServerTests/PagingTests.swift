import Catalog
import Foundation
import Library
import ServerWire
import Testing

@Suite struct PagingTests {
    /// Follows `next` from the first page to the end.
    private func walk(_ server: TestServer, from path: String) async throws -> (titles: [WireTitle], pages: [TestAnswer]) {
        var titles: [WireTitle] = []
        var pages: [TestAnswer] = []
        var path: String? = path
        while let current = path {
            let answer = try await server.get(current)
            #expect(answer.status == 200)
            let page = try answer.json(WirePage.self)
            titles += page.titles
            pages.append(answer)
            // The Link header holds the page's links, with their relations.
            let links = [(page.next, "next"), (page.previous, "prev"), (page.last, "last")].compactMap { url, relation in
                url.map { "<\($0)>; rel=\"\(relation)\"" }
            }
            #expect(answer.header("Link") == (links.isEmpty ? nil : links.joined(separator: ", ")))
            if let next = page.next {
                #expect(next.hasPrefix("/v1/titles?limit="))
                path = String(next[next.range(of: "/v1/")!.lowerBound...])
            } else {
                path = nil
            }
        }
        return (titles, pages)
    }

    /// The library's own list of `query`, as ids and titles.
    private func expected(_ server: TestServer, query: String) async throws -> [(String, String)] {
        let provider = LibraryProvider(database: server.database)
        var request = PageRequest(query: query, pageSize: 1000)
        var items: [Title] = []
        while true {
            let page = try await provider.page(request)
            items += page.items
            guard let next = page.next else { break }
            request.cursor = next
        }
        let served = try await server.database.servedTitles(items)
        return items.map { ("t\(served[$0.id]!.rowID)", $0.title) }
    }

    @Test func followingNextLinksGivesTheWholeLibraryInItsOrder() async throws {
        try await TestServer.with { server in
            let (titles, pages) = try await walk(server, from: "/v1/titles?limit=37")
            let expected = try await expected(server, query: "")
            #expect(titles.count == TestServer.generated + 6)
            #expect(titles.map(\.id) == expected.map(\.0))
            #expect(titles.map(\.title) == expected.map(\.1))
            #expect(pages.count == (titles.count + 36) / 37)
            for page in pages {
                #expect(try page.json(WirePage.self).total == titles.count)
                #expect(page.header("Content-Type") == "application/json; charset=utf-8")
            }
        }
    }

    @Test func aSearchIsPagedWithItsQueryAndTotal() async throws {
        try await TestServer.with { server in
            let (titles, pages) = try await walk(server, from: "/v1/titles?limit=2&q=aaa")
            #expect(Set(titles.map(\.title)) == ["Aaa Big", "Aaa Clip", "Aaa Gone", "Aaa Notes", "Aaa Song", "Aaa Stream"])
            let expectedIDs = try await expected(server, query: "aaa").map(\.0)
            #expect(titles.map(\.id) == expectedIDs)
            #expect(pages.count == 3)
            #expect(try pages[0].json(WirePage.self).total == 6)
            #expect(try pages[0].json(WirePage.self).next?.contains("&q=aaa&after=") == true)

            let accented = try await walk(server, from: "/v1/titles?limit=3&q=am%C3%A9lie+montr")
            let expected = try await expected(server, query: "amélie montr")
            #expect(!expected.isEmpty)
            #expect(accented.titles.map(\.id) == expected.map(\.0))
            #expect(try accented.pages[0].json(WirePage.self).total == expected.count)
        }
    }

    @Test func theDefaultLimitIs50() async throws {
        try await TestServer.with { server in
            let page = try await server.get("/v1/titles").json(WirePage.self)
            #expect(page.titles.count == WireProtocol.defaultLimit)
            #expect(page.next?.contains("limit=50&after=") == true)
        }
    }

    @Test(arguments: ["0", "-1", "201", "abc", "", "1e3", "99999999999999999999"])
    func aBadLimitIs400(limit: String) async throws {
        try await TestServer.with { server in
            let answer = try await server.get("/v1/titles?limit=\(limit)")
            #expect(answer.status == 400)
            #expect(try answer.json(WireError.self).error.contains("limit"))
        }
    }

    @Test(arguments: ["garbage", "L1.5", "L1.x.AAAA", "", "L1.3.%%%"])
    func aBadCursorIs400(after: String) async throws {
        try await TestServer.with { server in
            let answer = try await server.get("/v1/titles?after=\(after)")
            #expect(answer.status == 400)
            #expect(try answer.json(WireError.self).error.contains("cursor"))
        }
    }

    @Test func theTotalFollowsTheLibrary() async throws {
        try await TestServer.with { server in
            #expect(try await server.get("/v1/titles?limit=1").json(WirePage.self).total == TestServer.generated + 6)
            try await server.database.generateTitles(count: 10, start: 5_000)
            #expect(try await server.get("/v1/titles?limit=1").json(WirePage.self).total == TestServer.generated + 16)
            #expect(try await server.get("/v1/titles?limit=1&q=aaa").json(WirePage.self).total == 6)
        }
    }

    @Test("count=no: no total, its links keep it, a last page still gives its own; another value is 400")
    func withoutTheCount() async throws {
        try await TestServer.with { server in
            let first = try await server.get("/v1/titles?limit=2&q=aaa&count=no").json(WirePage.self)
            #expect(first.total == nil && first.titles.count == 2)
            let next = try #require(first.next)
            #expect(next.hasSuffix("&count=no") || next.contains("&count=no&"), "\(next)")
            #expect(try await server.get(next).json(WirePage.self).total == nil)
            // Counted the ordinary way, the total is kept, and then given to count=no too.
            #expect(try await server.get("/v1/titles?limit=2&q=aaa").json(WirePage.self).total == 6)
            #expect(try await server.get("/v1/titles?limit=3&q=aaa&count=no").json(WirePage.self).total == 6)
            let whole = try await server.get("/v1/titles?limit=2&count=no").json(WirePage.self)
            let last = try await server.get(try #require(whole.last)).json(WirePage.self)
            #expect(last.total == TestServer.generated + 6, "the last page counts as it reads")
            #expect(try await server.get("/v1/titles?count=yes").status == 400)
        }
    }

    @Test func aTitleAndTheOneAfterIt() async throws {
        try await TestServer.with { server in
            let clip = try await server.id(ofTitle: "Aaa Clip")
            let title = try await server.get("/v1/titles/\(clip)").json(WireTitle.self)
            #expect(title == WireTitle(id: clip, title: "Aaa Clip", year: 2001, genre: "Drama",
                                       video: "/v1/titles/\(clip)/video", subtitles: "/v1/titles/\(clip)/subtitles"))
            // Up next stays within a show: the next episode; after a scanned film, nothing.
            let first = try #require(try await server.get("/v1/titles?q=s01e01&limit=1").json(WirePageProbe.self).titles.first)
            #expect(first.title.contains("S01E01"))
            let next = try await server.get("/v1/titles/\(first.id)/next?q=s01e01").json(WireTitle.self)
            #expect(next.title == first.title.components(separatedBy: " S01E01")[0] + " S01E02 · " + next.title.components(separatedBy: " · ").dropFirst().joined(separator: " · "))
            let stream = try await server.id(ofTitle: "Aaa Stream")
            #expect(try await server.get("/v1/titles/\(stream)").json(WireTitle.self).video == "https://example.com/s.mp4")
            // A catalog is a list in the user's order: its next title.
            let afterClip = try await server.get("/v1/titles/\(clip)/next?q=aaa").json(WireTitle.self)
            #expect(afterClip.title == "Aaa Song")
            let film = try #require(try await server.get("/v1/titles?q=montreal&limit=1").json(WirePageProbe.self).titles.first)
            let afterFilm = try await server.get("/v1/titles/\(film.id)/next")
            #expect(afterFilm.status == 404)
            #expect(try afterFilm.json(WireError.self).error == "nothing comes after this title (a film, or a show's last episode)")
        }
    }

    @Test(arguments: ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "t-1", "t0", "t007", "t99999999999999999999",
                      "t9223372036854775807", "42", "t", "t1x", "t12/../1", "%00"])
    func garbageIdsAre404(id: String) async throws {
        try await TestServer.with { server in
            for suffix in ["", "/next", "/video", "/subtitles"] {
                let answer = try await server.get("/v1/titles/\(id)\(suffix)")
                #expect(answer.status == 404, "\(id)\(suffix)")
                #expect((try? answer.json(WireError.self)) != nil)
            }
        }
    }

    @Test func otherAddressesAndMethods() async throws {
        try await TestServer.with { server in
            let root = try await server.get("/")
            let otherVersion = try await server.get("/v2/titles")
            let delete = try await server.get("/v1/titles", method: "DELETE")
            #expect(root.status == 404)
            #expect(otherVersion.status == 404)
            #expect(delete.status == 405)
        }
    }

    @Test("a method a path does not take is 405 with the path's Allow, an address that is not there 404, both as JSON")
    func methodsAndAddresses() async throws {
        try await TestServer.with { server in
            let clip = try await server.id(ofTitle: "Aaa Clip")
            let allows = [
                ("/v1/titles", "GET, HEAD"), ("/v1/titles/\(clip)", "GET, HEAD"), ("/v1/titles/\(clip)/video", "GET, HEAD"),
                ("/v1/titles/t0/next", "GET, HEAD"), ("/v1/facets", "GET, HEAD"), ("/v1/watch", "GET, HEAD, POST"),
                ("/v1/changes", "GET, HEAD"),
            ]
            for (path, allow) in allows {
                let answer = try await server.get(path, method: "PUT")
                #expect(answer.status == 405, "\(path)")
                #expect(answer.header("Allow") == allow, "\(path)")
                #expect((try? answer.json(WireError.self)) != nil, "\(path)")
            }
            let delete = try await server.get("/v1/watch", method: "DELETE")
            #expect(try delete.json(WireError.self).error == "only GET, HEAD and POST are answered here")
            for path in ["/v1/titles/\(clip)/poster", "/v1/nothing", "/v1/facets/x", "/v2/titles"] {
                for method in ["GET", "PUT"] {
                    let answer = try await server.get(path, method: method)
                    #expect(answer.status == 404, "\(method) \(path)")
                    #expect(try answer.json(WireError.self).error == "there is nothing at this address", "\(method) \(path)")
                }
            }
            // The token comes first, whatever the address.
            #expect(try await server.get("/v1/nothing", token: nil).status == 401)
            #expect(try await server.get("/v1/titles", token: nil, method: "PUT").status == 401)
        }
    }

    @Test("a page's links are paths, whatever Host the request names")
    func linksNeverTakeTheHost() async throws {
        try await TestServer.with { server in
            let port = server.port
            let (head, body) = try await TestConnection.blocking { () -> (TestConnection.Head, [UInt8]) in
                let connection = try TestConnection(port: port)
                try connection.sendRaw("GET /v1/titles?limit=5 HTTP/1.1\r\nHost: elsewhere.example:8700\r\n"
                                       + "Authorization: Bearer \(TestServer.token)\r\nConnection: close\r\n\r\n")
                let head = try connection.readHead()
                return (head, try connection.readBody(head))
            }
            #expect(head.status == 200)
            let text = String(decoding: body, as: UTF8.self)
            #expect(!text.contains("elsewhere") && head.header("Link")?.contains("elsewhere") == false, "\(text)")
            #expect(text.contains(#""next":"/v1/titles?limit=5&after="#), "\(text)")
        }
    }
}
