import Catalog
@testable import Library
import Testing
import TestSupport

@Suite("What a search's first page learnt, kept for its next pages")
struct SearchPlansTests {
    @Test("a slice of the kept places is what SQLite's order gives from any place, either way, sort keys compared by their bytes",
          arguments: 0 ..< 200)
    func sliceAgainstAModel(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &+ 77)
        // "é" written two ways: Swift holds them equal, SQLite orders them by their bytes.
        let keys = ["a", "b", "e\u{301}", "\u{E9}", "f", "ab", ""]
        var places: [PagePosition] = []
        for id in 0 ..< Int(random.next() % 40) {
            places.append(PagePosition(sortKey: keys[Int(random.next() % UInt64(keys.count))], id: Int64(id)))
        }
        let bytes = { (place: PagePosition) in (Array(place.sortKey.utf8), place.id) }
        let before = { (a: PagePosition, b: PagePosition) -> Bool in
            let (x, y) = (bytes(a), bytes(b))
            return x.0 == y.0 ? x.1 < y.1 : x.0.lexicographicallyPrecedes(y.0)
        }
        places.sort(by: before)
        for _ in 0 ..< 20 {
            let limit = Int(random.next() % 6) + 1
            let place: PagePosition? = random.next() % 5 == 0 ? nil
                : PagePosition(sortKey: keys[Int(random.next() % UInt64(keys.count))], id: Int64(random.next() % 40))
            for keyset in [Keyset<PagePosition>.after(place), .before(place)] {
                let expected: [PagePosition] = if keyset.isBackward {
                    Array(places.filter { candidate in place.map { before(candidate, $0) } ?? true }.reversed().prefix(limit))
                } else {
                    Array(places.filter { candidate in place.map { before($0, candidate) } ?? true }.prefix(limit))
                }
                #expect(LibraryProvider.slice(places, from: keyset, limit: limit) == expected, "\(keyset) \(limit)")
            }
        }
    }

    /// Every match of `query`, paged forward by `pageSize`, by id.
    private static func ids(_ provider: LibraryProvider, _ query: String, pageSize: Int) async throws -> [String] {
        var request = PageRequest(query: query, pageSize: pageSize)
        var ids: [String] = []
        while true {
            let page = try await provider.page(request)
            ids += page.items.map(\.id)
            guard let next = page.next else { return ids }
            request.cursor = next
        }
    }

    @Test("a search's next pages, read from what its first page kept, follow a change to the library")
    func followsChanges() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 2_000)
        let provider = LibraryProvider(database: database)
        // Every 50th film is "… Amélie à Montréal": 30 matches, looked up; "a" walks.
        for query in ["amelie", "a"] {
            let first = try await provider.page(PageRequest(query: query, pageSize: 7))
            let kept = try #require(first.next)
            // A commit: more titles, matching ones among them, here and there in the order.
            try await database.generateTitles(count: 1_000, start: 2_000 + (query == "a" ? 1_000 : 0))
            let after = try await provider.page(PageRequest(query: query, cursor: kept, pageSize: 7))
            // What a library opened afresh (nothing kept) reads from the same place.
            let fresh = try folder.openLibrary()
            let expected = try await LibraryProvider(database: fresh).page(PageRequest(query: query, cursor: kept, pageSize: 7))
            #expect(after.items.map(\.id) == expected.items.map(\.id), "\(query)")
            #expect(try await Self.ids(provider, query, pageSize: 7) == Self.ids(LibraryProvider(database: fresh), query, pageSize: 7))
            try fresh.close()
        }
        let kinds = try await database.read { db in
            let version = try SearchPlans.version(in: db)
            return ["amelie", "a"].map { query -> String in
                switch database.searchPlans.plan(for: SearchQuery(query)!.match, in: db, version: version) {
                case .walks?: "walks"
                case .lookedUp(let places)?: "\(places.count) places"
                case nil: "none on this connection"
                }
            }
        }
        #expect(kinds == ["90 places", "walks"] || kinds.allSatisfy { $0 == "none on this connection" }, "\(kinds)")
    }

    @Test("a search narrows a kept one when each of that one's words begins one of its own, byte for byte; the fewest places of this version win")
    func narrowing() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 10)
        let plans = SearchPlans()
        let found = try await database.read { db in
            let places = { (count: Int) in (0 ..< count).map { PagePosition(sortKey: "k", id: Int64($0)) } }
            plans.keep(.lookedUp(places(30)), for: "amelie d", tokens: ["amelie", "d"], in: db, version: 1)
            plans.keep(.lookedUp(places(20)), for: "amelie dr", tokens: ["amelie", "dr"], in: db, version: 1)
            plans.keep(.lookedUp(places(10)), for: "\u{E9}", tokens: ["\u{E9}"], in: db, version: 1)
            plans.keep(.walks, for: "a", tokens: ["a"], in: db, version: 1)
            return [["amelie", "dra"], ["dra", "amelie"], ["amelie", "d"], ["amelie", "do"], ["amelie"], ["ameliedr"],
                    ["e\u{301}t\u{E9}"], ["\u{E9}t\u{E9}"], ["apple"]]
                .map { plans.narrowing($0, in: db, version: 1)?.count ?? 0 }
                + [plans.narrowing(["amelie", "dra"], in: db, version: 2)?.count ?? 0]
        }
        // The accented letter written two ways is one to Swift, two to FTS5; a walk keeps no places.
        #expect(found == [20, 20, 30, 30, 0, 0, 0, 10, 0, 0])
    }

    @Test("typed a letter at a time, every search's pages are those of the same search looked up afresh",
          arguments: ["amelie drama", "night of", "the a", "青 a", "drama 19", "s01e0", "circus t"])
    func typingAgainstTheLookup(typed: String) async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 3_000)
        let provider = LibraryProvider(database: database)
        let fresh = LibraryProvider(database: database, commonMatches: .max)
        let before = database.searchPlans.narrowings
        var text = ""
        for letter in typed {
            text.append(letter)
            for pageSize in [7, 50] {
                #expect(try await Self.ids(provider, text, pageSize: pageSize) == Self.ids(fresh, text, pageSize: pageSize), "\(text)")
            }
        }
        // Then back, a letter at a time: wider searches, narrowed by none.
        while text.count > 1 {
            text.removeLast()
            #expect(try await Self.ids(provider, text, pageSize: 7) == Self.ids(fresh, text, pageSize: 7), "\(text)")
        }
        #expect(database.searchPlans.narrowings > before, "typing on narrowed a kept search")
    }

    @Test("at most 32 searches and 10,000 places are kept, the oldest let go of first")
    func bounded() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 10)
        let plans = SearchPlans()
        let kept = try await database.read { db in
            let place = PagePosition(sortKey: "k", id: 1)
            for number in 0 ..< 40 { plans.keep(.walks, for: "w\(number)", in: db, version: 1) }
            plans.keep(.lookedUp(Array(repeating: place, count: 4_000)), for: "x", in: db, version: 1)
            plans.keep(.lookedUp(Array(repeating: place, count: 4_000)), for: "y", in: db, version: 1)
            plans.keep(.lookedUp(Array(repeating: place, count: 4_000)), for: "z", in: db, version: 1)
            return (["w7", "w8", "w39", "x", "y", "z"].map { plans.plan(for: $0, in: db, version: 1) != nil },
                    plans.plan(for: "z", in: db, version: 2) != nil)
        }
        #expect(kept.0 == [false, false, true, false, true, true])
        #expect(kept.1 == false, "another version of the library finds nothing kept")
    }
}
