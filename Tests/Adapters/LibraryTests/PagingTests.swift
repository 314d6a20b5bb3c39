import Catalog
import Foundation
import GRDB
@testable import Library
import MediaScan
import SearchText
import Testing
import TestSupport

@Suite("Paging the library by keyset")
struct PagingTests {
    /// 2,000 random films and episodes (names from a small vocabulary, so many sort alike).
    static func randomLibrary(_ folder: TempFolder, seed: UInt64) async throws -> LibraryDatabase {
        let database = try folder.openLibrary()
        var random = SplitMix(state: seed)
        let words = ["Amélie", "amelie", "Zorro", "zebra", "Éclair", "eclair", "Night", "night", "東京", "Ōkami", "a", "B",
                     "e\u{301}clair", "Straße", "ＡＭＥ", "l'amour", "東京物語", "AND", "(the)", "rock'n'roll", "😀"]
        let genres = [nil, "Drama", "Comédie", "Night-Shift"]
        var files: [ProbedFile] = []
        for index in 0 ..< 2_000 {
            let name = (0 ..< Int.random(in: 1 ... 3, using: &random)).map { _ in words.randomElement(using: &random)! }
                .joined(separator: " ")
            let file = MediaFile(path: "/media/\(index).mkv", size: 1, modified: 1)
            let facts = Bool.random(using: &random)
                ? MediaFacts(title: name, year: Int.random(in: 1990 ... 1992, using: &random),
                             genre: genres.randomElement(using: &random)!)
                : MediaFacts(title: name, show: words.randomElement(using: &random)!,
                             season: Int.random(in: 1 ... 2, using: &random), episode: Int.random(in: 1 ... 3, using: &random),
                             genre: genres.randomElement(using: &random)!)
            files.append(ProbedFile(file: file, facts: .success(facts)))
        }
        try await database.store(files, root: "/media")
        return database
    }

    static let queries = ["amelie", "ame", "Éclair night", "z", "東", "okami", "b a", "a", "strasse", "l amour",
                          "rock n", "comedie", "night shift", "the and", "東京物", "ＡＭＥ"]

    @Test("pages by cursor hold exactly what OFFSET paging gives, for the list and for searches, on either path",
          arguments: [1, 2, 3] as [UInt64])
    func keysetEqualsOffset(seed: UInt64) async throws {
        let folder = try TempFolder()
        let database = try await Self.randomLibrary(folder, seed: seed)
        let provider = LibraryProvider(database: database)
        let walking = LibraryProvider(database: database, commonMatches: 0, walkLimit: .max)
        let lookingUp = LibraryProvider(database: database, commonMatches: .max)
        var random = SplitMix(state: seed &* 77)
        let handingOver = LibraryProvider(database: database, commonMatches: 0, walkLimit: Int.random(in: 1 ... 200, using: &random))
        let reference = try database.idsByOffset(query: nil, pageSize: 97)
        #expect(reference.count == 2_000)
        for _ in 0 ..< 4 {
            #expect(try await provider.allIDs(pageSize: Int.random(in: 1 ... 300, using: &random)) == reference)
        }
        for query in Self.queries {
            let expected = try database.idsByOffset(query: query, pageSize: 50)
            #expect(!expected.isEmpty, "\(query)")
            for (path, provider) in [("chosen", provider), ("walking", walking), ("looking up", lookingUp),
                                     ("walking, then looking up", handingOver)] {
                let ids = try await provider.allIDs(query: query, pageSize: Int.random(in: 1 ... 120, using: &random))
                #expect(ids == expected, "\(query) \(path)")
            }
        }
    }

    @Test("both paths of a search, forced on the same data, give the same pages")
    func searchPaths() async throws {
        let folder = try TempFolder()
        let database = try await Self.randomLibrary(folder, seed: 9)
        let walking = LibraryProvider(database: database, commonMatches: 0, walkLimit: .max)
        let lookingUp = LibraryProvider(database: database, commonMatches: .max)
        for query in Self.queries + ["night zebra", "zzz"] {
            let expected = try database.idsByOffset(query: query, pageSize: 50)
            for pageSize in [1, 7, 50] {
                #expect(try await walking.allIDs(query: query, pageSize: pageSize) == expected, "\(query)")
                #expect(try await lookingUp.allIDs(query: query, pageSize: pageSize) == expected, "\(query)")
            }
        }
    }

    @Test("up next is the title after it in the whole list when both are episodes of one show, else none; whatever the search")
    func upNextStaysInTheShow() async throws {
        let folder = try TempFolder()
        let database = try await Self.randomLibrary(folder, seed: 9)
        let provider = LibraryProvider(database: database)
        let rows = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT key, show FROM title ORDER BY sort_key, id").map { ($0[0] as String, $0[1] as String?) }
        }
        for (index, (id, show)) in rows.enumerated() where index % 7 == 0 {
            let following = index + 1 < rows.count ? rows[index + 1] : nil
            let expected = show != nil && following?.1.map { SortKey.natural($0) } == show.map { SortKey.natural($0) }
                ? following?.0 : nil
            #expect(try await provider.title(after: id, query: "")?.id == expected, "after \(id)")
            #expect(try await provider.title(after: id, query: "zzz")?.id == expected, "after \(id), searching")
            _ = show
        }
    }

    /// Where a page starts either way: the list's start and end, after and before a place.
    static let keysets: [Keyset<PagePosition>] = [.after(nil), .after(PagePosition(sortKey: "1m", id: 5)), .before(nil),
                                                  .before(PagePosition(sortKey: "1m", id: 5))]

    @Test("a walking search reads title_order from the token's place as the page asks, either way: no temporary b-tree")
    func walkingPlan() async throws {
        let folder = try TempFolder()
        let database = try await Self.randomLibrary(folder, seed: 9)
        for query in ["amelie", "a", "night zebra", "東"] {
            for keyset in Self.keysets {
                let (sql, arguments) = LibraryProvider.walkQuery(from: keyset, search: SearchQuery(query)!, limit: 7)
                let plan = try await database.plan(sql, arguments)
                #expect(plan.contains { $0.contains("CO-ROUTINE") }, "\(plan)")
                #expect(plan.contains { $0.contains("title USING COVERING INDEX title_order") }, "\(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") || $0.contains("title_search") || $0.contains("MATERIALIZE") },
                        "\(plan)")
            }
        }
    }

    @Test("a search looked up reads its matches' places from title_rank alone and sorts only them, either way")
    func lookingUpPlan() async throws {
        let folder = try TempFolder()
        let database = try await Self.randomLibrary(folder, seed: 9)
        for keyset in Self.keysets {
            let (sql, arguments) = LibraryProvider.lookUpQuery(from: keyset, search: SearchQuery("night zebra")!, limit: 7)
            let plan = try await database.plan(sql, arguments)
            #expect(plan.contains { $0.contains("title USING COVERING INDEX title_rank (id=?") }, "\(plan)")
            #expect(plan.contains { $0.contains("title_search VIRTUAL TABLE") }, "\(plan)")
            #expect(!plan.contains { $0.contains("title_order") || $0.contains("SCAN title ") || $0.hasSuffix("SCAN title") },
                    "\(plan)")
        }
    }

    @Test("a walk that passes its limit of rows without filling the page finishes it by the lookup, from where it stopped",
          arguments: [1, 2, 7, 40, 399] as [Int])
    func walkHandsOver(walkLimit: Int) async throws {
        let folder = try TempFolder()
        let database = try await Self.randomLibrary(folder, seed: 5)
        let handingOver = LibraryProvider(database: database, commonMatches: 0, walkLimit: walkLimit)
        for query in ["zebra night", "東京物", "okami", "a"] {
            let expected = try database.idsByOffset(query: query, pageSize: 50)
            for pageSize in [1, 3, 50] {
                #expect(try await handingOver.allIDs(query: query, pageSize: pageSize) == expected, "\(query) \(pageSize)")
            }
        }
        // The sparse search does hand over: its walk alone stops short of a page, not at the end.
        let (walked, stop) = try await database.read { db in
            let (sql, arguments) = LibraryProvider.walkQuery(from: .after(nil), search: SearchQuery("zebra night")!, limit: 51,
                                                             walkLimit: walkLimit)
            return (try Row.fetchAll(db, sql: sql, arguments: arguments).count,
                    try LibraryProvider.walkStop(db, from: .after(nil), walkLimit: walkLimit))
        }
        #expect(walked < 51)
        #expect(stop != nil)
    }

    @Test("FTS5 indexes each title's words as they are: its tokens are the words SearchKey splits")
    func ftsTokens() async throws {
        let folder = try TempFolder()
        let database = try await Self.randomLibrary(folder, seed: 4)
        let (indexed, words): ([Int64: [String]], [Int64: [String]]) = try await database.read { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(main, title_search, instance)")
            var indexed: [Int64: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT doc, term FROM temp.vocabulary ORDER BY doc, \"offset\"") {
                indexed[row[0], default: []].append(row[1])
            }
            var words: [Int64: [String]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, words, name, show, genre, year, season, episode FROM title") {
                let text: String = row[1]
                #expect(text == TitleWords.of(name: row[2], show: row[3], genre: row[4], year: row[5], season: row[6], episode: row[7]))
                words[row[0]] = text.split(separator: " ").map(String.init)
            }
            return (indexed, words)
        }
        #expect(words.count == 2_000)
        #expect(indexed == words.filter { !$0.value.isEmpty })
    }

    @Test("episodes of a show come in season and episode order, films by title")
    func order() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let files: [(String, MediaFacts)] = [
            ("e3", MediaFacts(title: "Later", show: "Show", season: 2, episode: 1)),
            ("f1", MediaFacts(title: "Zebra")),
            ("e2", MediaFacts(title: "", show: "Show", season: 1, episode: 10)),
            ("e1", MediaFacts(title: "Pilot", show: "show", season: 1, episode: 2)),
            ("f2", MediaFacts(title: "Ángel")),
        ]
        try await database.store(files.map {
            ProbedFile(file: MediaFile(path: "/m/\($0.0)", size: 1, modified: 1), facts: .success($0.1))
        }, root: "/m")
        let page = try await LibraryProvider(database: database).page(PageRequest(pageSize: 10))
        #expect(page.items.map(\.title) == ["Ángel", "show S01E02 · Pilot", "Show S01E10", "Show S02E01 · Later", "Zebra"])
        #expect(page.next == nil)
    }

    @Test("the page query walks the index: no temporary b-tree, wherever the page starts")
    func queryPlan() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 100)
        let position = PagePosition(sortKey: "1m", id: 50)
        for after in [nil, position] {
            let (sql, arguments) = LibraryProvider.listQuery(after: after, limit: 51)
            let plan = try await database.plan(sql, arguments)
            #expect(plan.contains { $0.contains("USING INDEX title_order") }, "\(plan)")
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        }
    }

    @Test("a token that did not come from the library is refused with a readable error",
          arguments: ["", "L1.", "L1.x.AAAA", "L1.3.@@@", "garbage", "L1.3./w==", "L1.99999999999999999999.YQ=="])
    func badToken(token: String) async throws {
        let folder = try TempFolder()
        let provider = LibraryProvider(database: try folder.openLibrary())
        let error = await #expect(throws: CatalogError.self) {
            try await provider.page(PageRequest(cursor: .token(token), pageSize: 5))
        }
        #expect(error == .unknownCursor(.token(token)))
        await #expect(throws: CatalogError.self) {
            try await provider.page(PageRequest(cursor: .offset(5), pageSize: 5))
        }
    }

    @Test("up next is the next episode, then the next season's first; none after a finale, a film, or an unknown id")
    func upNext() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        var files = [(1, 1), (1, 2), (1, 3), (2, 1), (2, 10), (2, 2)].map { (season: Int, episode: Int) in
            ProbedFile(file: MediaFile(path: "/tv/Show S0\(season)E\(episode < 10 ? "0" : "")\(episode).mkv", size: 1, modified: 1),
                       facts: .success(MediaFacts(title: "Part \(episode)", show: "Show", season: season, episode: episode)))
        }
        // A film that sorts right after the show, and another show after it.
        files.append(ProbedFile(file: MediaFile(path: "/tv/Show Time.mkv", size: 1, modified: 1),
                                facts: .success(MediaFacts(title: "Show Time", year: 1999))))
        files.append(ProbedFile(file: MediaFile(path: "/tv/Shows S01E01.mkv", size: 1, modified: 1),
                                facts: .success(MediaFacts(title: "", show: "Shows", season: 1, episode: 1))))
        try await database.store(files.reversed(), root: "/tv")
        let provider = LibraryProvider(database: database)
        #expect(try await provider.title(after: "/tv/Show S01E01.mkv", query: "")?.title == "Show S01E02 · Part 2")
        #expect(try await provider.title(after: "/tv/Show S01E03.mkv", query: "show")?.id == "/tv/Show S02E01.mkv")
        #expect(try await provider.title(after: "/tv/Show S02E02.mkv", query: "")?.id == "/tv/Show S02E10.mkv")
        #expect(try await provider.title(after: "/tv/Show S02E10.mkv", query: "") == nil, "a finale: nothing")
        #expect(try await provider.title(after: "/tv/Show Time.mkv", query: "") == nil, "a film: nothing")
        #expect(try await provider.title(after: "nope", query: "") == nil)
    }

    @Test("a cancelled task gets CancellationError")
    func cancellation() async throws {
        let folder = try TempFolder()
        let provider = LibraryProvider(database: try folder.openLibrary())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await provider.page(PageRequest(pageSize: 5))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
