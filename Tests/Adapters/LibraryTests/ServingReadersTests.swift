import Catalog
@testable import Library
import Testing
import TestSupport

@Suite("The server's own connections")
struct ServingReadersTests {
    /// What a served page holds: its titles, cursors and count, and each title's row and files.
    private static func summary(_ served: (Page, [String: ServedTitle])) -> String {
        let (page, titles) = served
        let rows = page.items.map { "\($0.id)=\(titles[$0.id].map { "\($0.rowID) \($0.title.genre) \($0.subtitlesFile ?? "-")" } ?? "none")" }
        return "\(rows) next \(String(describing: page.next)) previous \(String(describing: page.previous)) total \(String(describing: page.total))"
    }

    /// The requests a client walks by: the first page, its next, the last, one of films, a search and its last.
    private static func requests(_ provider: LibraryProvider) async throws -> [PageRequest] {
        let first = try await provider.page(PageRequest(pageSize: 20))
        let search = try await provider.page(PageRequest(query: "amelie", pageSize: 7))
        return [PageRequest(pageSize: 20), PageRequest(cursor: try #require(first.next), pageSize: 20),
                PageRequest(cursor: try #require(first.last), pageSize: 20), PageRequest(scope: .films, pageSize: 20),
                PageRequest(query: "amelie", pageSize: 7), PageRequest(query: "amelie", cursor: try #require(search.last), pageSize: 7)]
    }

    /// A library of 600 generated titles in a folder of its own (kept while the test runs).
    private static func library() async throws -> (TempFolder, LibraryDatabase, LibraryProvider) {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 600)
        return (folder, database, LibraryProvider(database: database))
    }

    @Test("a page made on them, or through the pool when none is free, is the pool's page, and sees every commit")
    func sameAsThePool() async throws {
        let (folder, database, provider) = try await Self.library()
        defer { withExtendedLifetime(folder) {} }
        for count in [1, 0] {
            let readers = try ServingReaders(database: database, count: count)
            for request in try await Self.requests(provider) {
                let pool = try await database.servedPage(request, matching: nil, from: provider)
                let own = try await readers.servedPage(request, matching: nil, from: provider)
                #expect(Self.summary(own) == Self.summary(pool), "\(request)")
                #expect(!pool.0.items.isEmpty && pool.1.count == pool.0.items.count)
            }
        }
        // A commit after a page was made: the next page made on the same connection sees it.
        let readers = try ServingReaders(database: database, count: 1)
        let last = try #require(try await provider.page(PageRequest(pageSize: 20)).last)
        let before = try await readers.servedPage(PageRequest(cursor: last, pageSize: 20), matching: nil, from: provider)
        try await database.generateTitles(count: 30, start: 600)
        let after = try await readers.servedPage(PageRequest(cursor: last, pageSize: 20), matching: nil, from: provider)
        #expect(before.0.total == 600 && after.0.total == 630)
        #expect(Self.summary(after) != Self.summary(before))
    }

    @Test("many pages asked at once of one connection all arrive, as the pool reads them")
    func manyAtOnce() async throws {
        let (folder, database, provider) = try await Self.library()
        defer { withExtendedLifetime(folder) {} }
        let readers = try ServingReaders(database: database, count: 1)
        let requests = try await Self.requests(provider)
        var expected: [String] = []
        for request in requests { expected.append(Self.summary(try await database.servedPage(request, matching: nil, from: provider))) }
        let made = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for round in 0 ..< 60 {
                let number = round % requests.count
                let request = requests[number]
                group.addTask { (number, Self.summary(try await readers.servedPage(request, matching: nil, from: provider))) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(made.count == 60)
        for (number, summary) in made { #expect(summary == expected[number]) }
    }
}
