import Catalog
import Foundation
import GRDB
@testable import Library
import MediaScan
import Testing
import TestSupport

/// Views in other orders than by title (year, date added, length) and filtered by genre and
/// decade, each paged by keyset through an index of its own, or, while a catalog's import has
/// left those indexes to build (`pending`), by scanning the titles: the same pages either way.
@Suite("Orders and filters of the library's views")
struct OrderTests {
    /// Eight films (two without a year, one without a length) and an episode, stored in this
    /// order; with the order indexes left to build when `pending`.
    static func library(pending: Bool = false) async throws -> (TempFolder, LibraryProvider) {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let films: [(String, Int?, String?, Double?)] = [
            ("Bravo", 1994, "Drama", 5400), ("Alpha", 2012, "Comedy", 6000), ("Echo", nil, "drama", 3000),
            ("Delta", 1999, "Drama", 7200), ("Charlie", 2015, nil, nil), ("Foxtrot", 1991, "Comedy", 4000),
            ("Golf", nil, nil, 100), ("Hotel", 2019, "Drama", 8000),
        ]
        for (name, year, genre, duration) in films {
            try await database.store([ProbedFile(file: MediaFile(path: "/films/\(name).mkv", size: 1, modified: 1),
                                                 facts: .success(MediaFacts(title: name, year: year, genre: genre, duration: duration)))],
                                     root: "/films")
        }
        try await database.store([ProbedFile(file: MediaFile(path: "/tv/Show/S1E1.mkv", size: 1, modified: 1),
                                             facts: .success(MediaFacts(title: "Pilot", show: "Show", season: 1, episode: 1,
                                                                        year: 2001, genre: "Drama", duration: 1500)))],
                                 root: "/tv")
        if pending { try await database.leaveOrderIndexesPending() }
        return (folder, LibraryProvider(database: database))
    }

    /// Every title of the request's list, paged `pageSize` at a time by the tokens.
    static func all(_ provider: LibraryProvider, _ request: PageRequest) async throws -> [String] {
        var request = request
        var names: [String] = []
        while true {
            let page = try await provider.page(request)
            names += page.items.map(\.title)
            guard let next = page.next else { return names }
            request.cursor = next
        }
    }

    @Test("by year, newest first, titles without a year last; paged two at a time", arguments: [false, true])
    func byYear(pending: Bool) async throws {
        let (folder, provider) = try await Self.library(pending: pending)
        let names = try await Self.all(provider, PageRequest(scope: .films, pageSize: 2, order: .year))
        #expect(names == ["Hotel (2019)", "Charlie (2015)", "Alpha (2012)", "Delta (1999)", "Bravo (1994)", "Foxtrot (1991)",
                          "Echo", "Golf"].map { Self.display($0) })
        withExtendedLifetime(folder) {}
    }

    @Test("by date added, newest first; by length, shortest first and unknown last; the whole library has the episode", arguments: [false, true])
    func addedAndLength(pending: Bool) async throws {
        let (folder, provider) = try await Self.library(pending: pending)
        let added = try await Self.all(provider, PageRequest(scope: .all, pageSize: 3, order: .added))
        #expect(added.first == "Show S01E01 · Pilot")
        #expect(Array(added.dropFirst().prefix(2)) == [Self.display("Hotel (2019)"), Self.display("Golf")])
        #expect(added.count == 9)
        let length = try await Self.all(provider, PageRequest(scope: .films, pageSize: 3, order: .length))
        #expect(length.first == Self.display("Golf"))
        #expect(length.last == Self.display("Charlie (2015)"))
        #expect(length.count == 8)
        withExtendedLifetime(folder) {}
    }

    @Test("filtered by genre (ignoring case) and by decade, in each order", arguments: [false, true])
    func filters(pending: Bool) async throws {
        let (folder, provider) = try await Self.library(pending: pending)
        let drama = try await Self.all(provider, PageRequest(scope: .films, pageSize: 2, filter: ListFilter(genre: "DRAMA")))
        #expect(drama == ["Bravo (1994)", "Delta (1999)", "Echo", "Hotel (2019)"].map { Self.display($0) })
        let nineties = try await Self.all(provider, PageRequest(scope: .all, pageSize: 2, order: .year, filter: ListFilter(decade: 1995)))
        #expect(nineties == ["Delta (1999)", "Bravo (1994)", "Foxtrot (1991)"].map { Self.display($0) })
        let both = try await Self.all(provider, PageRequest(scope: .all, pageSize: 5, order: .length,
                                                            filter: ListFilter(genre: "drama", decade: 1990)))
        #expect(both == ["Bravo (1994)", "Delta (1999)"].map { Self.display($0) })
        // A search ignores the order and the filter: it looks in every title, by title.
        let search = try await provider.page(PageRequest(query: "alpha", pageSize: 5, order: .year, filter: ListFilter(genre: "drama")))
        #expect(search.items.map(\.title) == [Self.display("Alpha (2012)")])
        withExtendedLifetime(folder) {}
    }

    @Test("the genres and decades to filter by; a token of another order is refused", arguments: [false, true])
    func facetsAndTokens(pending: Bool) async throws {
        let (folder, provider) = try await Self.library(pending: pending)
        let facets = try await provider.facets()
        #expect(facets.genres.map { $0.lowercased() } == ["comedy", "drama"])
        #expect(facets.decades == [2010, 2000, 1990])
        let page = try await provider.page(PageRequest(scope: .films, pageSize: 2, order: .year))
        let next = try #require(page.next)
        await #expect(throws: CatalogError.self) {
            try await provider.page(PageRequest(scope: .films, cursor: next, pageSize: 2, order: .length))
        }
        await #expect(throws: CatalogError.self) {
            try await provider.page(PageRequest(scope: .films, cursor: .token("L2.year.zz.1.AA=="), pageSize: 2, order: .year))
        }
        withExtendedLifetime(folder) {}
    }

    @Test("a file that could not be read gives no genre to filter by, though a readable title of that genre does", arguments: [false, true])
    func unreadableFilesAreNoFacet(pending: Bool) async throws {
        let (folder, provider) = try await Self.library(pending: pending)
        try await provider.database.store([ProbedFile(file: MediaFile(path: "/films/Broken (2003).mkv", size: 1, modified: 1),
                                                      facts: .failure(MediaProbeError("Invalid data")))], root: "/films")
        #expect(try await provider.facets().genres.map { $0.lowercased() } == ["comedy", "drama"])
        // Searching for "unreadable" still lists it.
        #expect(try await provider.page(PageRequest(query: "unreadable", pageSize: 5)).items.count == 1)
        try await provider.database.store([ProbedFile(file: MediaFile(path: "/films/Odd.mkv", size: 1, modified: 1),
                                                      facts: .success(MediaFacts(title: "Odd", genre: "Unreadable")))], root: "/films")
        #expect(try await provider.facets().genres.map { $0.lowercased() } == ["comedy", "drama", "unreadable"])
        withExtendedLifetime(folder) {}
    }

    @Test("each order pages through its own index (never a sort of the whole library)")
    func plans() async throws {
        let (folder, provider) = try await Self.library()
        for (order, index) in [(ListOrder.year, "title_by_year"), (.length, "title_by_length")] {
            let plan = try await provider.database.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM title ORDER BY \(LibraryProvider.orderExpression(order)!), "
                                 + "title.sort_key, title.id LIMIT 5").map { $0["detail"] as String }
            }
            #expect(plan.contains { $0.contains(index) }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
        withExtendedLifetime(folder) {}
    }

    /// What a film's row shows: its name (the year has a column of its own); the tests write
    /// the year beside it to read the order.
    static func display(_ name: String) -> String {
        name.split(separator: " (").first.map(String.init) ?? name
    }
}
