import Synchronization
import Clocks
import Testing
import Catalog

@Suite("The embedded provider")
struct EmbeddedProviderTests {
    /// Titles named "Title 0", "Title 1", …; every third one is a Western.
    static func sample(_ count: Int) -> [Title] {
        (0 ..< count).map { n in
            Title(id: "t\(n)", title: "Title \(n)", year: 2000, genre: n % 3 == 0 ? "Western" : "Drama",
                  duration: 3600, introStart: 0, introEnd: 30, creditsStart: 3500)
        }
    }

    func provider(_ count: Int, latency: Duration = .zero, failRate: Double = 0,
                  clock: any Clock<Duration> = TestClock()) -> EmbeddedProvider {
        EmbeddedProvider(titles: Self.sample(count), latency: latency, failRate: failRate, clock: clock)
    }

    @Test("a generated index serves the same pages and searches as the list it would make")
    func generatedIndex() async throws {
        let made = Mutex(0)
        let generated = SearchIndex(count: 300) { index in
            made.withLock { $0 += 1 }
            return Self.sample(300)[index]
        }
        let lazy = EmbeddedProvider(index: generated, latency: .zero, clock: TestClock())
        let eager = provider(300)
        let first = try await lazy.page(PageRequest(pageSize: 50))
        #expect(first == (try await eager.page(PageRequest(pageSize: 50))))
        #expect(made.withLock { $0 } == 50, "only the first page's titles were made")
        for query in ["western", "title 2", "zzz"] {
            #expect(try await lazy.page(PageRequest(query: query, pageSize: 50))
                    == (try await eager.page(PageRequest(query: query, pageSize: 50))))
        }
        let embedded = SearchIndex(count: EmbeddedCatalog.defaultCount, title: EmbeddedCatalog.title(at:))
        #expect(embedded.titles == EmbeddedCatalog.titles)
    }

    @Test("up next: the title after one, in a query's list, across pages; nil after the last")
    func titleAfter() async throws {
        let provider = provider(700)
        #expect(try await provider.title(after: "t199", query: "")?.id == "t200")
        #expect(try await provider.title(after: "t600", query: "western")?.id == "t603")
        #expect(try await provider.title(after: "t699", query: "") == nil)
        #expect(try await provider.title(after: "missing", query: "") == nil)
    }

    @Test("serves the catalog page by page and says where it ends")
    func pages() async throws {
        let provider = provider(120)
        let first = try await provider.page(PageRequest(pageSize: 50))
        #expect(first.items.map(\.id) == (0 ..< 50).map { "t\($0)" })
        #expect(first.next == .offset(50))
        let second = try await provider.page(PageRequest(cursor: .offset(50), pageSize: 50))
        #expect(second.items.first?.id == "t50")
        #expect(second.next == .offset(100))
        let last = try await provider.page(PageRequest(cursor: .offset(100), pageSize: 50))
        #expect(last.items.count == 20)
        #expect(last.next == nil)
    }

    @Test("a last page that is exactly full still ends the catalog")
    func exactlyFullLastPage() async throws {
        let page = try await provider(100).page(PageRequest(cursor: .offset(50), pageSize: 50))
        #expect(page.items.count == 50)
        #expect(page.next == nil)
    }

    @Test("pages through a search, skipping what does not match, to its end")
    func searchPages() async throws {
        let provider = provider(100)
        var found: [String] = []
        var cursor: PageCursor? = .start
        var requests = 0
        while let current = cursor {
            let page = try await provider.page(PageRequest(query: "WESTERN", cursor: current, pageSize: 10))
            found += page.items.map(\.id)
            cursor = page.next
            requests += 1
        }
        #expect(found == stride(from: 0, to: 100, by: 3).map { "t\($0)" })
        #expect(requests == 4)
    }

    @Test("a search that matches nothing is one empty last page")
    func emptySearch() async throws {
        let page = try await provider(100).page(PageRequest(query: "zzz", pageSize: 10))
        #expect(page == Page(items: [], next: nil))
    }

    @Test("refuses cursors it did not hand out, with a readable message")
    func unknownCursor() async throws {
        let error = await #expect(throws: CatalogError.self) {
            try await provider(10).page(PageRequest(cursor: .token("abc"), pageSize: 5))
        }
        #expect(error?.description == "the catalog does not recognise the page token \"abc\"")
    }

    @Test("answers only after its latency (150 ms by default)")
    func latency() async throws {
        let clock = TestClock()
        let provider = EmbeddedProvider(titles: Self.sample(10), clock: clock)
        #expect(provider.latency == .milliseconds(150))
        let answer = Task { try await provider.page(PageRequest(pageSize: 5)) }
        await clock.waitForSleepers()
        await clock.advance(by: .milliseconds(149))
        await #expect(throws: (any Error).self, "still waiting after 149 ms") {
            try await clock.checkSuspension()
        }
        await clock.advance(by: .milliseconds(1))
        let page = try await answer.value
        #expect(page.items.count == 5)
    }

    @Test("a cancelled request throws CancellationError without waiting for its latency")
    func cancellation() async throws {
        let clock = TestClock()
        let provider = EmbeddedProvider(titles: Self.sample(10), latency: .seconds(10), clock: clock)
        let answer = Task { try await provider.page(PageRequest(pageSize: 5)) }
        await clock.waitForSleepers()
        answer.cancel()
        await #expect(throws: CancellationError.self) { try await answer.value }
    }

    @Test("fails on purpose at its fail rate, the same requests every run")
    func failRate() async throws {
        func outcomes() async -> [Bool] {
            let provider = provider(10, failRate: 0.3)
            var failed: [Bool] = []
            for _ in 0 ..< 100 {
                do {
                    _ = try await provider.page(PageRequest(pageSize: 5))
                    failed.append(false)
                } catch {
                    #expect(error as? CatalogError == .simulatedFailure)
                    failed.append(true)
                }
            }
            return failed
        }
        let first = await outcomes()
        #expect(await outcomes() == first)
        #expect((20 ... 40).contains(first.filter { $0 }.count))
        #expect(CatalogError.simulatedFailure.description == "simulated network failure")
    }

    @Test("a fail rate of 0 never fails and 1 always does")
    func failRateBounds() async throws {
        for _ in 0 ..< 20 {
            _ = try await provider(10, failRate: 0).page(PageRequest(pageSize: 5))
            await #expect(throws: CatalogError.simulatedFailure) {
                try await provider(10, failRate: 1).page(PageRequest(pageSize: 5))
            }
        }
    }
}

extension TestClock<Duration> {
    /// Waits until some task sleeps on this clock, so that advancing it is meaningful.
    /// Only yields; gives up after many rounds rather than hanging a test.
    func waitForSleepers() async {
        for _ in 0 ..< 10_000 {
            do {
                try await checkSuspension()
            } catch {
                return  // someone is sleeping
            }
            await Task.yield()
        }
    }
}
