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

    @Test("what is served of a page's titles comes from the rows the page was read from, as reading them again by key gives it")
    func servedFromTheRowsRead() async throws {
        let folder = try TempFolder()
        defer { withExtendedLifetime(folder) {} }
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 2_400)
        try await database.generateHistory(count: 2_400)
        // Files of each kind: a local video with its subtitles (in a folder), subtitles without
        // a video, a stream.
        try await database.write { db in
            try db.execute(sql: """
                UPDATE title SET video = '/media/films/' || key || '.mkv', subtitles = '/media/films/' || key || '.srt',
                    path = '/media/films/' || key || '.mkv' WHERE id % 3 = 0;
                UPDATE title SET subtitles = '/media/subtitles/' || key || '.srt' WHERE id % 3 = 1 AND id % 2 = 0;
                UPDATE title SET video = 'https://streams.example/' || key WHERE id % 3 = 2 AND id % 2 = 0;
                """)
        }
        let provider = LibraryProvider(database: database)
        let show = try #require(try await provider.page(PageRequest(scope: .shows, pageSize: 1)).items.first?.group?.show)
        var requests = [PageRequest(scope: .home, pageSize: 30), PageRequest(scope: .films, pageSize: 30),
                        PageRequest(scope: .shows, pageSize: 30), PageRequest(scope: .show(show), pageSize: 30),
                        PageRequest(scope: .season(show: show, 2), pageSize: 7), PageRequest(scope: .folder("/media/films"), pageSize: 30),
                        PageRequest(query: "amelie", pageSize: 30), PageRequest(query: "the", pageSize: 30)]
        for order in ListOrder.allCases {
            for filter in [ListFilter(), ListFilter(genre: "drama"), ListFilter(decade: 2000)] {
                requests.append(PageRequest(pageSize: 30, order: order, filter: filter))
            }
        }
        var pages = 0, known = 0, withoutVideo = 0, streams = 0
        for first in requests {
            // Three pages forward, then the last and the one before it.
            var cursors: [PageCursor] = [.start]
            let firstPage = try await provider.page(first)
            cursors += [firstPage.next, firstPage.last].compactMap { $0 }
            if let last = firstPage.last {
                var tail = first
                tail.cursor = last
                if let before = try await provider.page(tail).previous { cursors.append(before) }
            }
            for cursor in cursors {
                var asked = first
                asked.cursor = cursor
                let request = asked
                let (served, fromRows, byKey, everyTitleKnown) = try await database.read { db in
                    let read = PageRowsRead()
                    let page = try provider.page(request, matching: nil, in: db, rowsRead: read)
                    let titles = page.items.filter { $0.group == nil }
                    return (titles.count, try LibraryDatabase.servedTitles(titles, known: read, in: db),
                            try LibraryDatabase.servedTitles(titles, in: db), titles.allSatisfy { read.byKey[$0.id] != nil })
                }
                #expect(fromRows == byKey, "\(request)")
                #expect(fromRows.count == served, "\(request)")
                // Only Home's titles (and a folder's Home rows) are read by key.
                if request.scope != .home, !(request.scope == .folder("/media/films") && cursor == .start) {
                    #expect(everyTitleKnown, "\(request)")
                }
                pages += 1
                known += everyTitleKnown ? 1 : 0
                withoutVideo += fromRows.values.filter { $0.title.media == nil && $0.subtitlesFile != nil }.count
                streams += fromRows.values.filter { $0.videoFile == nil && $0.title.media?.video.hasPrefix("https:") == true }.count
            }
        }
        #expect(pages > 60 && known < pages && withoutVideo > 0 && streams > 0, "\(pages) \(known) \(withoutVideo) \(streams)")
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
