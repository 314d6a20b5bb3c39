import Foundation
import GRDB
@testable import Library
import Testing
import TestSupport

/// The search index of a bulk load into an empty `title`, built on a thread of its own and
/// copied in (`SearchIndexBuild`, `BulkTitles.buildSearchAlongside`).
@Suite("The search index built alongside a bulk load")
struct SearchIndexBuildTests {
    /// Inserts `count` titles from `start` as a bulk load does, handing each to the build
    /// alongside, if any.
    static func insert(_ count: Int, from start: Int = 0, into db: Database, bulk: BulkTitles) throws {
        let insert = try RowInsert(db, sql: "INSERT INTO title (key, source, display, name, sort_key, words) VALUES (?1, 'test', ?2, ?2, ?3, ?4)")
        var entries: [SearchIndexBuild.Entry] = []
        for number in start ..< start + count {
            let name = "Title \(number) " + (number.isMultiple(of: 3) ? "Fizz" : "Buzz")
            let words = " title \(number) " + (number.isMultiple(of: 3) ? "fizz " : "buzz ")
            insert.bind(1, "t\(number)")
            insert.bind(2, name)
            insert.bind(3, SortKey.padded(number, 7))
            insert.bind(4, words)
            try insert.run()
            entries.append(.init(id: insert.lastID, words: words))
            if entries.count == 100 {
                bulk.add(entries)
                entries.removeAll()
            }
        }
        bulk.add(entries)
    }

    /// FTS5's own check of the search index against the titles' words: throws if they disagree.
    static func checkSearchIndex(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO title_search(title_search, rank) VALUES ('integrity-check', 1)")
    }

    static func keys(_ query: String, in database: LibraryDatabase) async throws -> [String] {
        try await database.read { db in
            try String.fetchAll(db, sql: "SELECT key FROM title WHERE id IN (SELECT rowid FROM title_search WHERE title_search MATCH ?) ORDER BY id",
                                arguments: [query])
        }
    }

    @Test("a search index built alongside is copied whole, and the writer's later changes through the triggers keep it so",
          arguments: [false, true])
    func copied(emptiedFirst: Bool) async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        if emptiedFirst {
            // The writer's connection has used the search index (and FTS5 remembers its segments).
            try await database.generateTitles(count: 50)
            try await database.write { db in try db.execute(sql: "DELETE FROM title") }
        }
        let built = try await database.bulkWrite { db in
            var bulk = try BulkTitles(db)
            try bulk.buildSearchAlongside()
            try Self.insert(3_000, into: db, bulk: bulk)
            try bulk.finish(searchingRows: "1", arguments: [])
            try Self.checkSearchIndex(db)
            return bulk.search != nil
        }
        #expect(built, "built alongside: the library was empty")
        #expect(try await Self.keys("fizz", in: database).count == 1_000)
        #expect(try await Self.keys("title 2999", in: database) == ["t2999"])
        try await database.write { db in
            // The same connection writes on: FTS5 reads the copied index, not one it remembered.
            try db.execute(sql: "UPDATE title SET words = ' renamed ' WHERE key = 't3'")
            try db.execute(sql: "DELETE FROM title WHERE key = 't6'")
            try db.execute(sql: "INSERT INTO title (key, source, display, name, sort_key, words) VALUES ('n1', 'test', 'N', 'N', 'n', ' fizz new ')")
            try Self.checkSearchIndex(db)
        }
        #expect(try await Self.keys("fizz", in: database).count == 999)
        #expect(try await Self.keys("renamed", in: database) == ["t3"])
        #expect(try await Self.keys("new", in: database) == ["n1"])
    }

    @Test("a library with titles gets no build alongside: the new rows go into its search index beside the old")
    func notEmpty() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 10)
        let built = try await database.bulkWrite { db in
            var bulk = try BulkTitles(db)
            try bulk.buildSearchAlongside()
            try Self.insert(300, into: db, bulk: bulk)
            try bulk.finish(searchingRows: "source = 'test'", arguments: [])
            try Self.checkSearchIndex(db)
            return bulk.search != nil
        }
        #expect(!built)
        #expect(try await Self.keys("fizz", in: database).count == 100)
        #expect(try await LibraryProvider(database: database).titleCount() == 310)
    }

    @Test("a build whose database fills leaves the search index to the writer: every title found, the index whole")
    func full() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let failure = try await database.bulkWrite { db in
            var bulk = try BulkTitles(db)
            // A few pages: the build fails part way, the writer still handing titles over.
            try bulk.buildSearchAlongside(pageLimit: 12)
            try Self.insert(3_000, into: db, bulk: bulk)
            try bulk.finish(searchingRows: "1", arguments: [])
            try Self.checkSearchIndex(db)
            return bulk.search?.failure
        }
        #expect(failure?.contains("full") == true, "the build failed: \(failure ?? "nil")")
        #expect(try await Self.keys("fizz", in: database).count == 1_000)
        #expect(try await Self.keys("buzz", in: database).count == 2_000)
    }

    @Test("a load that fails while its search index is built alongside keeps nothing, ends the build, and the next load builds again")
    func failed() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        struct Failure: Error {}
        for handedAll in [false, true] {
            await #expect(throws: Failure.self) {
                try await database.bulkWrite { db in
                    var bulk = try BulkTitles(db)
                    try bulk.buildSearchAlongside()
                    #expect(bulk.search != nil)
                    try Self.insert(2_000, into: db, bulk: bulk)
                    // Failing with every title handed over: the build may be under way.
                    if handedAll { bulk.search?.allAdded() }
                    throw Failure()
                }
            }
            try await database.write { db in try Self.checkSearchIndex(db) }
            #expect(try await LibraryProvider(database: database).titleCount() == 0)
            #expect(try await Self.keys("fizz", in: database).isEmpty)
        }
        try await database.generateTitles(count: 400, bulkFrom: 0)
        try await database.write { db in try Self.checkSearchIndex(db) }
        #expect(try await LibraryProvider(database: database).titleCount() == 400)
        let amelie = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT key FROM title WHERE instr(words, ' amelie ') > 0 ORDER BY id")
        }
        #expect(!amelie.isEmpty)
        #expect(try await Self.keys("amelie", in: database) == amelie)
    }

    @Test("a build abandoned while it builds stops and ends its thread")
    func abandoned() {
        let build = SearchIndexBuild(definition: """
            CREATE VIRTUAL TABLE title_search USING fts5(words, content = 'title', content_rowid = 'id', tokenize = 'ascii')
            """)
        #expect(build.add((1 ... 50_000).map { .init(id: Int64($0), words: " word\($0 % 500) other ") }))
        build.allAdded()
        build.abandon()
        #expect(!build.add([.init(id: 50_001, words: " late ")]), "nothing is taken once it has ended")
        // Its statement interrupted, or done before the interruption: an end either way.
        #expect(build.failure == nil || build.failure == "interrupted")
    }
}
