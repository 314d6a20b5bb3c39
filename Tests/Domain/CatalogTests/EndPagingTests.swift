import Clocks
import Testing
import Catalog

@Suite("Paging the embedded catalog from its end")
struct EndPagingTests {
    let provider = EmbeddedProvider(titles: EmbeddedProviderTests.sample(230), latency: .zero, clock: TestClock())

    @Test("the first page says where the last is; that page is the last titles, counted, with the way back")
    func lastPage() async throws {
        let first = try await provider.page(PageRequest(pageSize: 50))
        let last = try #require(first.last)
        let tail = try await provider.page(PageRequest(cursor: last, pageSize: 50))
        #expect(tail.items.map(\.id) == (180 ..< 230).map { "t\($0)" })
        #expect(tail.next == nil)
        #expect(tail.total == 230)
        #expect(tail.previous != nil)
    }

    @Test("following previous from the last page gives the whole list, in order, and stops at its start")
    func backToStart() async throws {
        var page = try await provider.page(PageRequest(cursor: EndPaging.last, pageSize: 50))
        var ids = page.items.map(\.id)
        var pages = 1
        while let previous = page.previous, pages < 10 {
            page = try await provider.page(PageRequest(cursor: previous, pageSize: 50))
            ids = page.items.map(\.id) + ids
            pages += 1
        }
        #expect(pages == 5)
        #expect(ids == (0 ..< 230).map { "t\($0)" })
    }

    @Test("the whole list read either way: a page read forward says where the one before it is, one read backward where the titles after it are")
    func bothWays() async throws {
        var forward = try await provider.page(PageRequest(pageSize: 50))
        #expect(forward.previous == nil)
        forward = try await provider.page(PageRequest(cursor: try #require(forward.next), pageSize: 50))
        let before = try await provider.page(PageRequest(cursor: try #require(forward.previous), pageSize: 50))
        #expect(before.items.map(\.id) == (0 ..< 50).map { "t\($0)" })
        #expect(before.previous == nil)
        let after = try await provider.page(PageRequest(cursor: try #require(before.next), pageSize: 50))
        #expect(after.items.map(\.id) == (50 ..< 100).map { "t\($0)" })
    }

    @Test("a search read either way: its last page is its last matches, counted, and previous and next go through them all",
          arguments: ["Title 1", "Title", "7", "Title 22", "229", "0"])
    func searchBothWays(query: String) async throws {
        let matches = EmbeddedProviderTests.sample(230).filter { $0.title.contains(query) }.map(\.id)
        for pageSize in [1, 3, 50] {
            // Forward, each page after the first saying where the one before it is.
            var page = try await provider.page(PageRequest(query: query, pageSize: pageSize))
            #expect(page.previous == nil)
            var ids = page.items.map(\.id)
            var befores: [(end: Int, cursor: PageCursor)] = []
            while let next = page.next {
                #expect(page.last == EndPaging.last)
                page = try await provider.page(PageRequest(query: query, cursor: next, pageSize: pageSize))
                befores.append((ids.count, try #require(page.previous)))
                ids += page.items.map(\.id)
            }
            #expect(ids == matches)
            for before in befores {
                let back = try await provider.page(PageRequest(query: query, cursor: before.cursor, pageSize: pageSize))
                #expect(back.items.map(\.id) == Array(matches[max(0, before.end - pageSize) ..< before.end]))
            }
            // Backward from the last page, each page saying where the titles after it are.
            page = try await provider.page(PageRequest(query: query, cursor: EndPaging.last, pageSize: pageSize))
            #expect(page.total == matches.count && page.next == nil)
            var back = page.items.map(\.id)
            while let previous = page.previous {
                let following = Array(back.prefix(pageSize))
                page = try await provider.page(PageRequest(query: query, cursor: previous, pageSize: pageSize))
                #expect(page.total == nil && (page.items.count == pageSize || page.previous == nil))
                let after = try await provider.page(PageRequest(query: query, cursor: try #require(page.next), pageSize: pageSize))
                #expect(after.items.map(\.id) == following)
                back = page.items.map(\.id) + back
            }
            #expect(back == matches)
        }
        // Asked to count (a reload), a page read either way counts the matches.
        let first = try await provider.page(PageRequest(query: query, pageSize: 2, counts: true))
        #expect(first.total == matches.count)
        if let previous = try await provider.page(PageRequest(query: query, cursor: EndPaging.last, pageSize: 2)).previous {
            #expect(try await provider.page(PageRequest(query: query, cursor: previous, pageSize: 2, counts: true)).total == matches.count)
        }
        #expect(try await provider.page(PageRequest(pageSize: 2, counts: true)).total == 230)
        #expect(try await provider.page(PageRequest(query: query, pageSize: 2)).total == nil, "no count unasked")
    }

    @Test("a made-up cursor is refused")
    func badCursors() async throws {
        for cursor in [PageCursor.token("before.0"), .token("before.231"), .token("before.x"), .token("later")] {
            await #expect(throws: CatalogError.self) { try await provider.page(PageRequest(cursor: cursor, pageSize: 50)) }
            await #expect(throws: CatalogError.self) { try await provider.page(PageRequest(query: "Title", cursor: cursor, pageSize: 50)) }
        }
    }

    @Test("a last page bigger than the list is the whole list, with nothing before it")
    func shortList() async throws {
        let page = try await provider.page(PageRequest(cursor: EndPaging.last, pageSize: 2_000))
        #expect(page.items.count == 230)
        #expect(page.previous == nil)
    }
}
