import Catalog
import Foundation
import ServerClient
import ServerWire
import Testing

/// Pages from a list's end over HTTP: `last` and `previous` links (`before=`), read by hand and
/// by a client (`RemoteProvider`), against the list paged forward by `next`.
@Suite struct ServedEndPagingTests {
    /// The path of a link the server gave ("/v1/titles?…").
    static func path(_ link: String) -> String {
        String(link[link.range(of: "/v1/")!.lowerBound...])
    }

    /// The ids of a list, by `next` from `path`; and the `last` link of its pages.
    static func forward(_ server: TestServer, _ path: String) async throws -> (ids: [String], last: String?, total: Int) {
        var ids: [String] = []
        var lasts: Set<String?> = []
        var current: String? = path
        var total = 0
        while let path = current {
            let page = try await server.get(path).json(WirePage.self)
            // Each page after the first links the page before it.
            #expect(ids.isEmpty ? page.previous == nil : page.previous?.contains("&before=") == true, "\(path)")
            ids += page.titles.map(\.id)
            lasts.insert(page.last)
            total = try #require(page.total)
            current = page.next.map(Self.path)
        }
        #expect(lasts.count == 1, "one last link for the whole list")
        return (ids, lasts.first ?? nil, total)
    }

    @Test("the last link, then the previous links back to the start, give the list paged forward; in the Link header too",
          arguments: ["/v1/titles?limit=37", "/v1/titles?scope=films&limit=13", "/v1/titles?order=year&decade=1990&limit=7",
                      "/v1/titles?scope=films&order=added&genre=drama&limit=5", "/v1/titles?order=length&limit=200",
                      "/v1/titles?limit=6&q=a", "/v1/titles?limit=4&q=the%20a"])
    func lastThenPrevious(path: String) async throws {
        try await TestServer.with { server in
            let (ids, last, total) = try await Self.forward(server, path)
            #expect(!ids.isEmpty && ids.count == total)
            let lastLink = try #require(last)
            #expect(lastLink.hasPrefix("/v1/titles?limit=") && lastLink.contains("&before="))
            var backward: [[String]] = []
            var link: String? = lastLink
            while let current = link {
                let answer = try await server.get(Self.path(current))
                #expect(answer.status == 200)
                let page = try answer.json(WirePage.self)
                #expect(page.last == lastLink && page.total == total)
                // A page before the last links the titles after it, as a forward page's `next`.
                if let following = backward.first {
                    let next = try #require(page.next)
                    #expect(next.contains("&after="))
                    #expect(try await server.get(Self.path(next)).json(WirePage.self).titles.map(\.id) == following)
                } else {
                    #expect(page.next == nil)
                }
                let links = [page.next.map { "<\($0)>; rel=\"next\"" }, page.previous.map { "<\($0)>; rel=\"prev\"" },
                             "<\(lastLink)>; rel=\"last\""].compactMap { $0 }
                #expect(answer.header("Link") == links.joined(separator: ", "))
                backward.insert(page.titles.map(\.id), at: 0)
                link = page.previous
            }
            #expect(backward.flatMap { $0 } == ids)
            // The link keeps the list: its limit, scope, order and filter.
            for part in path.split(separator: "?")[1].split(separator: "&") {
                #expect(lastLink.contains(part), "\(part)")
            }
        }
    }

    @Test("the shows and Home give no last link")
    func noLastLink() async throws {
        try await TestServer.with { server in
            for path in ["/v1/titles?scope=shows", "/v1/titles?scope=home"] {
                let answer = try await server.get(path)
                #expect(try answer.json(WirePage.self).last == nil, "\(path)")
                #expect(answer.header("Link")?.contains("rel=\"last\"") != true, "\(path)")
            }
        }
    }

    @Test("a cursor in the wrong parameter, both parameters, or a cursor of another list's kind is 400")
    func badCursors() async throws {
        try await TestServer.with { server in
            let first = try await server.get("/v1/titles?limit=5").json(WirePage.self)
            let next = try #require(first.next.map(Self.path))
            let last = try #require(first.last.map(Self.path))
            let afterToken = String(next[next.range(of: "after=")!.upperBound...])
            let beforeToken = String(last[last.range(of: "before=")!.upperBound...])
            for path in ["/v1/titles?before=\(afterToken)", "/v1/titles?after=\(beforeToken)",
                         "/v1/titles?after=\(afterToken)&before=\(beforeToken)", "/v1/titles?before=garbage",
                         "/v1/titles?before=L1.before.x", "/v1/titles?before=L2.end.year", "/v1/titles?order=year&before=L1.end",
                         "/v1/titles?q=aaa&after=L1.end", "/v1/titles?scope=shows&before=L1.end"] {
                let answer = try await server.get(path)
                #expect(answer.status == 400, "\(path)")
                #expect(try answer.json(WireError.self).error.contains("cursor"), "\(path)")
            }
        }
    }

    /// The ids of the request's list paged forward by a client.
    static func forward(_ provider: RemoteProvider, _ request: PageRequest) async throws -> (ids: [String], last: PageCursor?) {
        var request = request
        var ids: [String] = []
        var last: PageCursor?
        while true {
            let page = try await provider.page(request)
            #expect((page.previous == nil) == ids.isEmpty, "each page after the first says where the one before it is")
            ids += page.items.map(\.id)
            last = page.last
            guard let next = page.next else { return (ids, last) }
            request.cursor = next
        }
    }

    @Test("a client goes to the last page, then back to the start by previous: the list it pages forward, with its total")
    func fromAClient() async throws {
        try await TestServer.with { server in
            let provider = try RemoteProvider(server: "http://127.0.0.1:\(server.port)", token: TestServer.token)
            let requests = [PageRequest(pageSize: 37), PageRequest(scope: .films, pageSize: 13),
                            PageRequest(scope: .films, pageSize: 9, order: .year, filter: ListFilter(decade: 2000)),
                            PageRequest(pageSize: 50, order: .added), PageRequest(query: "a", pageSize: 7)]
            for request in requests {
                let (ids, last) = try await Self.forward(provider, request)
                var backward: [String] = []
                var cursor = try #require(last, "\(request)")
                while true {
                    var asked = request
                    asked.cursor = cursor
                    let page = try await provider.page(asked)
                    if backward.isEmpty {
                        #expect(page.total == ids.count && page.items.map(\.id) == Array(ids.suffix(request.pageSize)))
                        #expect(page.next == nil)
                    } else {
                        // Read forward from where it says its titles go on: the titles after it.
                        var after = request
                        after.cursor = try #require(page.next, "\(asked)")
                        #expect(try await provider.page(after).items.map(\.id) == Array(backward.prefix(request.pageSize)))
                    }
                    backward = page.items.map(\.id) + backward
                    guard let previous = page.previous else { break }
                    cursor = previous
                }
                #expect(backward == ids, "\(request)")
                // Asked to count (a reload), the first page and one read from a link count the list.
                var counted = request
                counted.counts = true
                let first = try await provider.page(counted)
                #expect(first.total == ids.count, "\(request)")
                if let next = first.next {
                    counted.cursor = next
                    #expect(try await provider.page(counted).total == ids.count, "\(request)")
                }
            }
            // A refresh asks the last page for more than its link's limit: as many as the protocol allows.
            let (ids, last) = try await Self.forward(provider, PageRequest(pageSize: 10))
            let refreshed = try await provider.page(PageRequest(cursor: try #require(last), pageSize: 2_000))
            #expect(ids.count > WireProtocol.maximumLimit)
            #expect(refreshed.items.map(\.id) == Array(ids.suffix(WireProtocol.maximumLimit)))
            #expect(refreshed.previous != nil)
        }
    }
}
