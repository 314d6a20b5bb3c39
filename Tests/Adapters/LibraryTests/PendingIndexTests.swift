import Catalog
import Foundation
import GRDB
@testable import Library
import Testing
import TestSupport

/// The indexes of the other orders and the genre filter, which a catalog's bulk import builds
/// after its commit (`pending_index`): each is always either built or pending, the views give
/// the same pages either way, and what a process left pending the next one builds.
@Suite("Indexes built after an import's commit")
struct PendingIndexTests {
    /// Each order index built or pending, never both, never neither.
    static func expectBuiltOrPending(_ database: LibraryDatabase, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (built, pending) = try await database.indexNames()
        #expect(built.isDisjoint(with: pending), "built \(built), pending \(pending)", sourceLocation: sourceLocation)
        #expect(LibrarySchema.deferredIndexes.isSubset(of: built.union(pending)), "built \(built), pending \(pending)",
                sourceLocation: sourceLocation)
    }

    /// A catalog of `count` titles with random years, lengths and genres (in several spellings,
    /// some empty), in random order of names.
    static func catalog(_ count: Int, seed: UInt64) -> String {
        var random = SplitMix(state: seed)
        let genres = ["Drama", "drama", "DRAMA", "Comedy", "comedy", "Horror", ""]
        let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
        return (0 ..< count).map { number in
            let name = "\(names.randomElement(using: &random)!) \(Int.random(in: 0 ..< 50, using: &random))"
            let (year, genre) = (Int.random(in: 1950 ... 2025, using: &random), genres.randomElement(using: &random)!)
            let duration = Int.random(in: 1 ... 40, using: &random) * 300
            return #"{"id":"t\#(number)","title":"\#(name)","year":\#(year),"genre":"\#(genre)","duration":\#(duration),"#
                + #""intro_start":0,"intro_end":0,"credits_start":\#(duration)}"#
        }.joined(separator: "\n")
    }

    /// Every view of the other orders and filters, paged forward 7 at a time, and its last page
    /// read from the end; the facets.
    static func views(_ provider: LibraryProvider) async throws -> [String] {
        var seen: [String] = []
        let facets = try await provider.facets()
        seen.append("genres \(facets.genres) decades \(facets.decades)")
        let filters = [ListFilter(), ListFilter(genre: "dRaMa"), ListFilter(decade: 1990), ListFilter(genre: "comedy", decade: 2000)]
        for order in [ListOrder.title, .year, .length, .added] {
            for filter in filters {
                var request = PageRequest(scope: .all, pageSize: 7, order: order, filter: filter)
                var ids: [String] = []
                var last: Page?
                while true {
                    let page = try await provider.page(request)
                    ids += page.items.map(\.id)
                    last = last ?? page
                    guard let next = page.next else { break }
                    request.cursor = next
                }
                var end = PageRequest(scope: .all, pageSize: 7, order: order, filter: filter)
                end.cursor = try #require(last?.last)
                let fromEnd = try await provider.page(end)
                seen.append("\(order) \(filter): \(ids) end \(fromEnd.items.map(\.id)) of \(fromEnd.total ?? -1)")
            }
        }
        return seen
    }

    @Test("a big import leaves the other orders' indexes pending, and its views are those it gives once they are built", arguments: [11, 12])
    func importLeavesThemPending(seed: UInt64) async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let path = try folder.write(Self.catalog(400, seed: seed), to: "catalog.jsonl")
        #expect(try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0) == .imported(titles: 400, lines: 400))
        let (built, pending) = try await database.indexNames()
        #expect(pending == LibrarySchema.deferredIndexes)
        #expect(built.isSuperset(of: ["title_order", "title_rank", "title_source", "title_films", "title_episodes"]))
        try await Self.expectBuiltOrPending(database)
        let provider = LibraryProvider(database: database)
        let scanned = try await Self.views(provider)
        #expect(try await database.buildPendingIndexes() == 3)
        let after = try await database.indexNames()
        #expect(after.pending.isEmpty)
        #expect(after.built.isSuperset(of: LibrarySchema.deferredIndexes))
        let indexed = try await Self.views(provider)
        #expect(scanned.count == indexed.count)
        for (one, other) in zip(scanned, indexed) { #expect(one == other) }
        #expect(try await database.buildPendingIndexes() == 0, "nothing left")
        #expect(try await database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
    }

    @Test("what a process ended before it built is built by the next, once; a row that is not its index's statement is never run")
    func leftByAnEndedProcess() async throws {
        let folder = try TempFolder()
        let path = try folder.write(Self.catalog(300, seed: 5), to: "catalog.jsonl")
        do {
            let database = try folder.openLibrary()
            #expect(try await LibraryImport.importCatalog(path: path, into: database) == .imported(titles: 300, lines: 300))
            try await database.leaveOrderIndexesPending()
            try await database.write { db in
                try db.execute(sql: "INSERT INTO pending_index (name, sql) VALUES ('title_by_x', 'DROP TABLE watch_state')")
                try db.execute(sql: "INSERT INTO pending_index (name, sql) VALUES ('title_order', 'CREATE INDEX title_order ON title(id)')")
            }
            try database.close()
        }
        let database = try folder.openLibrary()
        #expect(try await database.buildPendingIndexes() == 3)
        #expect(try await database.indexNames().pending.isEmpty)
        try await Self.expectBuiltOrPending(database)
        let kept = try await database.read { db in
            (try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'watch_state')"),
             try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'title_order'"))
        }
        #expect(kept.0 == true, "the statement of a name that is no index of the title's was not run")
        #expect(kept.1 == "CREATE INDEX title_order ON title(sort_key, id, words)", "an index already there is not made again")
        let titles = try await LibraryProvider(database: database).page(PageRequest(pageSize: 5, order: .year)).items
        #expect(titles.count == 5)
    }

    @Test("a build cancelled part way leaves each index built or pending, and the next build finishes them")
    func cancelled() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 20_000)
        for round in 0 ..< 3 {
            try await database.leaveOrderIndexesPending()
            let build = Task { try await database.buildPendingIndexes() }
            for _ in 0 ..< round * 50 { await Task.yield() }
            build.cancel()
            _ = try? await build.value
            try await Self.expectBuiltOrPending(database)
            #expect(try await database.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
            try await database.buildPendingIndexes()
            #expect(try await database.indexNames().pending.isEmpty)
            try await Self.expectBuiltOrPending(database)
        }
    }
}
