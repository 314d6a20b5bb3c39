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
        // A search says neither: it reads forward only.
        let search = try await provider.page(PageRequest(query: "Title 1", cursor: try #require(forward.next), pageSize: 5))
        #expect(search.previous == nil && search.last == nil)
    }

    @Test("a search pages forward only; a made-up cursor is refused")
    func searchAndBadCursors() async throws {
        let search = try await provider.page(PageRequest(query: "Title 1", pageSize: 5))
        #expect(search.next != nil)
        #expect(search.last == nil)
        for cursor in [PageCursor.token("before.0"), .token("before.231"), .token("before.x"), .token("later")] {
            await #expect(throws: CatalogError.self) { try await provider.page(PageRequest(cursor: cursor, pageSize: 50)) }
        }
    }

    @Test("a last page bigger than the list is the whole list, with nothing before it")
    func shortList() async throws {
        let page = try await provider.page(PageRequest(cursor: EndPaging.last, pageSize: 2_000))
        #expect(page.items.count == 230)
        #expect(page.previous == nil)
    }
}
