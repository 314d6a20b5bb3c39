import Catalog
import Foundation
import GRDB
@testable import Library
import MediaScan
import Testing
import TestSupport

/// Paging a list from its end (`LibraryProvider+End`): the last page, then `previous` back to
/// the start, for every list that offers it, against the list paged forward.
@Suite("Paging the library's lists from their end")
struct EndPagingTests {
    /// 700 random films and episodes in two folders: years, lengths and genres drawn from few
    /// values (many ties, some unknown), names from a few words (sort keys alike).
    static func randomLibrary(_ folder: TempFolder, seed: UInt64) async throws -> LibraryProvider {
        let database = try folder.openLibrary()
        var random = SplitMix(state: seed)
        let words = ["Amélie", "amelie", "Night", "Zorro", "東京", "a", "B", "Straße"]
        let genres = [nil, "Drama", "drama", "Comedy"]
        for root in ["/a", "/b"] {
            var files: [ProbedFile] = []
            for index in 0 ..< 350 {
                let name = (0 ..< Int.random(in: 1 ... 2, using: &random)).map { _ in words.randomElement(using: &random)! }
                    .joined(separator: " ")
                let year = Bool.random(using: &random) ? Int.random(in: 1985 ... 2004, using: &random) : nil
                let duration = Int.random(in: 0 ... 3, using: &random) == 0 ? nil : Double(Int.random(in: 1 ... 5, using: &random) * 600)
                let genre = genres.randomElement(using: &random)!
                let facts = Int.random(in: 0 ... 2, using: &random) > 0
                    ? MediaFacts(title: name, year: year, genre: genre, duration: duration)
                    : MediaFacts(title: name, show: ["Harbor", "Night"].randomElement(using: &random)!,
                                 season: Int.random(in: 1 ... 3, using: &random), episode: Int.random(in: 1 ... 9, using: &random),
                                 year: year, genre: genre, duration: duration)
                files.append(ProbedFile(file: MediaFile(path: "\(root)/\(index).mkv", size: 1, modified: 1), facts: .success(facts)))
            }
            try await database.store(files, root: root)
        }
        return LibraryProvider(database: database)
    }

    /// Every title of the request's list, paged forward by `next`; each page's `last` is kept.
    /// Each page after the first says where the one before it is (`previous`): read backward
    /// from there (the first pages, then one in ten), it is the titles just before the page.
    static func forward(_ provider: LibraryProvider, _ request: PageRequest) async throws -> (ids: [String], lasts: Set<PageCursor?>) {
        var asked = request
        var ids: [String] = []
        var lasts: Set<PageCursor?> = []
        var befores: [(start: Int, cursor: PageCursor)] = []
        while true {
            let page = try await provider.page(asked)
            if ids.isEmpty || page.items.isEmpty {
                #expect(page.previous == nil, "\(asked)")
            } else if let previous = page.previous {
                befores.append((ids.count, previous))
            } else {
                Issue.record("a page after the first says nothing of the page before it: \(asked)")
            }
            ids += page.items.map(\.id)
            lasts.insert(page.last)
            guard let next = page.next else { break }
            asked.cursor = next
        }
        for (number, before) in befores.enumerated() where number < 3 || number % 10 == 0 {
            var back = request
            back.cursor = before.cursor
            let page = try await provider.page(back)
            #expect(page.items.map(\.id) == Array(ids[max(0, before.start - request.pageSize) ..< before.start]), "\(back)")
        }
        return (ids, lasts)
    }

    /// Every title of the request's list, from its last page (`last`) back to the start by
    /// `previous`; checks what each page says on the way.
    static func backward(_ provider: LibraryProvider, _ request: PageRequest, last: PageCursor) async throws -> [String] {
        var asked = request
        asked.cursor = last
        var pages: [[String]] = []
        // Where each page read backward says the titles after it are, with those titles.
        var afters: [(cursor: PageCursor, following: [String])] = []
        var total: Int?
        while true {
            let page = try await provider.page(asked)
            if pages.isEmpty {
                #expect(page.next == nil, "the last page has nothing after it")
            } else if let next = page.next {
                afters.append((next, pages[0]))
            } else {
                Issue.record("a page before the last says nothing of the titles after it: \(asked)")
            }
            #expect(page.last == last)
            if pages.isEmpty { total = page.total } else { #expect(page.total == nil || page.total == total) }
            #expect(page.items.count == asked.pageSize || page.previous == nil, "only the first page is short")
            pages.insert(page.items.map(\.id), at: 0)
            guard let previous = page.previous else { break }
            asked.cursor = previous
        }
        // Read forward from a page's `next` (the first, then one in ten): the page after it.
        for (number, after) in afters.enumerated() where number < 3 || number % 10 == 0 {
            var forward = request
            forward.cursor = after.cursor
            #expect(try await provider.page(forward).items.map(\.id) == after.following, "\(forward)")
        }
        let ids = pages.flatMap { $0 }
        #expect(total == ids.count, "the last page counts the list")
        return ids
    }

    /// The list of `request` read both ways gives the same titles in the same order, its last
    /// page the list's last `pageSize`.
    static func expectBothWaysAlike(_ provider: LibraryProvider, _ request: PageRequest) async throws {
        let (ids, lasts) = try await forward(provider, request)
        #expect(lasts.count == 1, "one last cursor for the whole list: \(lasts)")
        let last = try #require(lasts.first ?? nil, "\(request)")
        var tailRequest = request
        tailRequest.cursor = last
        let tail = try await provider.page(tailRequest)
        #expect(tail.items.map(\.id) == Array(ids.suffix(request.pageSize)), "\(request)")
        #expect(try await backward(provider, request, last: last) == ids, "\(request)")
        // A page asked to count (a reload's) counts the whole list, read either way.
        var counted = request
        counted.counts = true
        #expect(try await provider.page(counted).total == ids.count, "\(request)")
        if let previous = tail.previous {
            counted.cursor = previous
            #expect(try await provider.page(counted).total == ids.count, "\(request)")
        }
    }

    @Test("the whole library, films, a folder, a season: the last page is the list's tail, and previous goes back to its start",
          arguments: [1, 7, 100])
    func scopes(pageSize: Int) async throws {
        let folder = try TempFolder()
        let provider = try await Self.randomLibrary(folder, seed: UInt64(pageSize))
        for scope in [ListScope.all, .films, .folder("/a"), .folder("/b/"), .season(show: "Harbor", 2), .season(show: "Night", 3)] {
            try await Self.expectBothWaysAlike(provider, PageRequest(scope: scope, pageSize: pageSize))
        }
        // An empty list: its last page is empty and says so.
        let empty = try await provider.page(PageRequest(scope: .folder("/nowhere"), cursor: .token("L1.end"), pageSize: 5))
        #expect(empty.items.isEmpty && empty.previous == nil && empty.total == 0)
        withExtendedLifetime(folder) {}
    }

    @Test("views in each order, filtered or not: the last page is the view's tail, and previous goes back to its start",
          arguments: ListOrder.allCases)
    func orders(order: ListOrder) async throws {
        let folder = try TempFolder()
        let provider = try await Self.randomLibrary(folder, seed: 42)
        let filters = [ListFilter(), ListFilter(genre: "DRAMA"), ListFilter(decade: 1990), ListFilter(genre: "comedy", decade: 2000)]
        for scope in [ListScope.all, .films, .folder("/b")] {
            for filter in filters {
                try await Self.expectBothWaysAlike(provider, PageRequest(scope: scope, pageSize: 9, order: order, filter: filter))
            }
        }
        try await Self.expectBothWaysAlike(provider, PageRequest(scope: .films, pageSize: 1, order: order, filter: ListFilter(genre: "drama")))
        withExtendedLifetime(folder) {}
    }

    @Test("a folder read from its end starts with its Home rows as it does read forward, and counts them")
    func folderHome() async throws {
        let folder = try TempFolder()
        let provider = try await Self.randomLibrary(folder, seed: 7)
        let scope = ListScope.folder("/a")
        let plain = try await Self.forward(provider, PageRequest(scope: scope, pageSize: 1000)).ids
        try await LibraryWatchStore(database: provider.database).save([plain[3]: WatchMark(position: 300)])
        let first = try await provider.page(PageRequest(scope: scope, pageSize: 1000))
        #expect(first.items.first?.genre == "◐ continue" && first.items.count == plain.count + 1)
        let last = try #require(first.last)
        #expect(try await Self.backward(provider, PageRequest(scope: scope, pageSize: 30), last: last) == first.items.map(\.id))
        let whole = try await provider.page(PageRequest(scope: scope, cursor: last, pageSize: 1000))
        #expect(whole.items == first.items && whole.total == plain.count + 1 && whole.previous == nil)
        withExtendedLifetime(folder) {}
    }

    @Test("a refresh asks the last page for up to 2,000 titles: the list's last 2,000, then the rest before them")
    func refreshSized() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 2_500)
        let provider = LibraryProvider(database: database)
        let all = try await provider.allIDs(pageSize: 500)
        for request in [PageRequest(pageSize: 2_000), PageRequest(scope: .all, pageSize: 2_000, order: .length)] {
            let ids = try await Self.forward(provider, request).ids
            let first = try await provider.page(request)
            var tailRequest = request
            tailRequest.cursor = try #require(first.last)
            let tail = try await provider.page(tailRequest)
            #expect(tail.items.map(\.id) == Array(ids.suffix(2_000)))
            #expect(tail.total == 2_500)
            tailRequest.cursor = try #require(tail.previous)
            let before = try await provider.page(tailRequest)
            #expect(before.items.map(\.id) == Array(ids.prefix(500)))
            #expect(before.previous == nil)
        }
        #expect(all.count == 2_500)
        withExtendedLifetime(folder) {}
    }

    @Test("a search on either path, or walking then looking up: the last page is its last matches, and previous goes back to its first",
          arguments: [1, 4, 50])
    func searches(pageSize: Int) async throws {
        let folder = try TempFolder()
        let chosen = try await Self.randomLibrary(folder, seed: UInt64(pageSize) &+ 11)
        let database = chosen.database
        let providers = [chosen, LibraryProvider(database: database, commonMatches: 0, walkLimit: .max),
                         LibraryProvider(database: database, commonMatches: .max),
                         LibraryProvider(database: database, commonMatches: 0, walkLimit: 3 + pageSize)]
        for query in ["amelie", "a", "night zorro", "東京", "straße", "zzz", "b amelie"] {
            let expected = try database.idsByOffset(query: query, pageSize: 50)
            for provider in providers {
                let request = PageRequest(query: query, pageSize: pageSize)
                try await Self.expectBothWaysAlike(provider, request)
                #expect(try await Self.forward(provider, request).ids == expected, "\(query)")
            }
        }
        // A server that knows how many titles match gives that count on the last page.
        let known = try await chosen.page(PageRequest(query: "amelie", cursor: .token("L1.end"), pageSize: 5), matching: 12_345)
        #expect(known.total == 12_345)
        withExtendedLifetime(folder) {}
    }

    @Test("shows, a show's seasons and Home give no last page, and refuse the cursors of one")
    func listsWithoutAnEnd() async throws {
        let folder = try TempFolder()
        let provider = try await Self.randomLibrary(folder, seed: 3)
        let requests = [PageRequest(scope: .shows, pageSize: 1),
                        PageRequest(scope: .show("Harbor"), pageSize: 5), PageRequest(scope: .home, pageSize: 5)]
        let films = try await provider.page(PageRequest(scope: .films, pageSize: 5))
        let tail = try await provider.page(PageRequest(scope: .films, cursor: try #require(films.last), pageSize: 5))
        for request in requests {
            let page = try await provider.page(request)
            #expect(page.last == nil, "\(request)")
            for cursor in [films.last, tail.previous].compactMap({ $0 }) {
                var asked = request
                asked.cursor = cursor
                await #expect(throws: CatalogError.unknownCursor(cursor), "\(request)") { try await provider.page(asked) }
            }
        }
        withExtendedLifetime(folder) {}
    }

    @Test("malformed cursors, cursors of another order or of a list in another order, and the embedded catalog's, are refused",
          arguments: ["L1.end.", "L1.End", "L1.before.", "L1.before.x.AAAA", "L1.before.3.@@@", "L2.end.", "L2.end.bogus",
                      "L2.before.year.zz.1.AA==", "L2.before.bogus.0.1.AA==", "L2.before.length.0.1.AA==", "L2.end.length",
                      "L1.end", "L1.before.1.AA==", "end", "before.3"])
    func refused(token: String) async throws {
        let folder = try TempFolder()
        let provider = try await Self.randomLibrary(folder, seed: 5)
        // A view by year: the order's own cursors ("L2.end.year") only.
        let error = await #expect(throws: CatalogError.self) {
            try await provider.page(PageRequest(scope: .films, cursor: .token(token), pageSize: 5, order: .year))
        }
        #expect(error == .unknownCursor(.token(token)))
        // The list by title takes none of the views' cursors, nor a malformed one of its own.
        if token.hasPrefix("L2.") || !["L1.end", "L1.before.1.AA=="].contains(token) {
            await #expect(throws: CatalogError.unknownCursor(.token(token))) {
                try await provider.page(PageRequest(scope: .films, cursor: .token(token), pageSize: 5))
            }
        }
        withExtendedLifetime(folder) {}
    }

    @Test("the server tells a backward cursor from a forward one")
    func backwardCursors() async throws {
        let folder = try TempFolder()
        let provider = try await Self.randomLibrary(folder, seed: 6)
        for request in [PageRequest(pageSize: 5), PageRequest(scope: .films, pageSize: 5, order: .added)] {
            let first = try await provider.page(request)
            let last = try #require(first.last)
            var tailRequest = request
            tailRequest.cursor = last
            let previous = try #require(try await provider.page(tailRequest).previous)
            #expect(LibraryProvider.readsBackward(last) && LibraryProvider.readsBackward(previous))
            #expect(!LibraryProvider.readsBackward(try #require(first.next)))
        }
        #expect(!LibraryProvider.readsBackward(.start))
        #expect(!LibraryProvider.readsBackward(.token("L1.before.x")))
        withExtendedLifetime(folder) {}
    }

    /// SQLite's plan for `query`, with `<` written `>` (a walk backward compares the other way).
    static func plan(_ database: LibraryDatabase, _ query: (String, StatementArguments)) async throws -> [String] {
        try await database.plan(query.0, query.1).map { $0.replacingOccurrences(of: "<", with: ">") }
    }

    @Test("read backward, each list walks the index it walks forward, the other way: no sort of its rows but a folder's")
    func plans() async throws {
        let folder = try TempFolder()
        let provider = try await Self.randomLibrary(folder, seed: 8)
        let database = provider.database
        let place = PagePosition(sortKey: "1n", id: 300)
        for scope in [ListScope.all, .films, .season(show: "Harbor", 2), .folder("/a")] {
            let forward = try await Self.plan(database, try #require(LibraryProvider.scopeQuery(scope, from: .after(place), limit: 51)))
            let backward = try await Self.plan(database, try #require(LibraryProvider.scopeQuery(scope, from: .before(place), limit: 51)))
            #expect(backward == forward, "\(scope)")
            let start = try await Self.plan(database, try #require(LibraryProvider.scopeQuery(scope, from: .after(nil), limit: 51)))
            let end = try await Self.plan(database, try #require(LibraryProvider.scopeQuery(scope, from: .before(nil), limit: 51)))
            #expect(end == start, "\(scope)")
            let index = [.all: "title_order", .films: "title_films", .season(show: "Harbor", 2): "title_episodes"][scope]
                ?? "sqlite_autoindex_title"  // a folder: the range of the paths' index, sorted (forward too)
            #expect(backward.contains { $0.contains("USING INDEX \(index)") } && end.contains { $0.contains("USING INDEX \(index)") },
                    "\(scope): \(backward) \(end)")
            if case .folder = scope { continue }
            #expect(!(backward + end).contains { $0.contains("TEMP B-TREE") }, "\(scope): \(backward) \(end)")
        }
        for order in ListOrder.allCases {
            for filter in [ListFilter(), ListFilter(genre: "drama"), ListFilter(decade: 1990)] where order != .title || filter.genre != nil {
                let request = PageRequest(scope: .films, pageSize: 50, order: order, filter: filter)
                let ordered = OrderedPosition(order: order, value: -1995, sortKey: "1n", id: 300)
                let forward = try await Self.plan(database, LibraryProvider.orderedQuery(request, from: .after(ordered), limit: 51))
                let backward = try await Self.plan(database, LibraryProvider.orderedQuery(request, from: .before(ordered), limit: 51))
                #expect(backward == forward, "\(order) \(filter)")
                let start = try await Self.plan(database, LibraryProvider.orderedQuery(request, from: .after(nil), limit: 51))
                let end = try await Self.plan(database, LibraryProvider.orderedQuery(request, from: .before(nil), limit: 51))
                #expect(end == start, "\(order) \(filter)")
                // A genre in another order than by title is a range of the genre's index, sorted
                // (forward too); the others walk their order's index.
                // Newest first is the table's own order, by row id.
                let index = filter.genre != nil ? "title_by_genre"
                    : [.year: "title_by_year", .length: "title_by_length", .added: "INTEGER PRIMARY KEY"][order] ?? "?"
                #expect(backward.contains { $0.contains(index) }, "\(order) \(filter): \(backward)")
                #expect(end.contains { $0.contains(order == .added && filter.genre == nil ? "SCAN title" : index) }, "\(order) \(filter): \(end)")
                if filter.genre == nil || order == .title {
                    #expect(!(backward + end).contains { $0.contains("TEMP B-TREE") }, "\(order) \(filter): \(backward) \(end)")
                }
            }
        }
        withExtendedLifetime(folder) {}
    }
}
