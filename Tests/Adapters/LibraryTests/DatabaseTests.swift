import Catalog
import Foundation
import GRDB
@testable import Library
import Synchronization
import Testing
import TestSupport

@Suite("The library database")
struct DatabaseTests {
    @Test("an empty file gets every table, and opening again migrates nothing")
    func migrations() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        #expect(database.recovery == nil)
        let tables = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY name")
        }
        for table in ["title", "title_search", "watch_state", "imported_catalog", "title_order", "title_rank", "folder",
                      "title_by_year", "title_by_length", "title_by_genre", "account_watch_state", "playback_choice", "pending_index"] {
            #expect(tables.contains(table))
        }
        let applied = try await database.read { db in try LibrarySchema.migrator.appliedIdentifiers(db) }
        #expect(Set(applied) == ["v1", "v2 folders", "v3 natural order, searchable codes and years", "v4 scopes: films, episodes, folders",
                                 "v5 orders and filters: year, length, genre", "v6 watch state of a server's clients",
                                 "v7 playback choices", "v8 search index without word counts",
                                 "v9 indexes built after a bulk load's commit"])
        let journal = try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        try database.close()
        let again = try folder.openLibrary()
        #expect(again.recovery == nil)
        #expect(try await LibraryProvider(database: again).page(PageRequest(pageSize: 10)).items.isEmpty)
    }

    @Test("a library made before the search index dropped its word counts finds the same titles after it is opened")
    func searchIndexWithoutWordCounts() async throws {
        let folder = try TempFolder()
        let old = try DatabaseQueue(path: folder.databasePath)
        try LibrarySchema.migrator.migrate(old, upTo: "v7 playback choices")
        let names = ["Amélie à Montréal", "American Night", "The Night of Amelia", "Nightfall", "Amen"]
        try await old.write { db in
            for (index, name) in names.enumerated() {
                try db.execute(sql: """
                    INSERT INTO title (key, source, display, name, sort_key, words) VALUES (?, 'old', ?, ?, ?, ?)
                    """, arguments: ["t\(index)", name, name, SortKey.film(title: name, year: nil),
                                     SearchQuery.words(name)])
            }
        }
        try old.close()
        let database = try folder.openLibrary()
        let index = try await database.read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'title_search'")
        }
        #expect(index?.contains("columnsize = 0") == true)
        let provider = LibraryProvider(database: database)
        for (query, expected) in [("ame", ["American Night", "Amélie à Montréal", "Amen", "The Night of Amelia"]),
                                  ("ni am", ["American Night", "The Night of Amelia"]), ("amen", ["Amen"]),
                                  ("night", ["American Night", "Nightfall", "The Night of Amelia"]), ("zz", [])] {
            let page = try await provider.page(PageRequest(query: query, pageSize: 10))
            #expect(page.items.map(\.title).sorted() == expected.sorted(), "\(query)")
        }
        // A title added, renamed and removed after the upgrade is found, found by its new name, then gone.
        try await database.write { db in
            try db.execute(sql: """
                INSERT INTO title (key, source, display, name, sort_key, words) VALUES ('t9', 'old', 'Zebra', 'Zebra', 'zebra', ' zebra ')
                """)
        }
        #expect(try await provider.page(PageRequest(query: "zeb", pageSize: 10)).items.map(\.title) == ["Zebra"])
        try await database.write { db in
            try db.execute(sql: "UPDATE title SET name = 'Yak', display = 'Yak', words = ' yak ' WHERE key = 't9'")
        }
        #expect(try await provider.page(PageRequest(query: "zeb", pageSize: 10)).items.isEmpty)
        #expect(try await provider.page(PageRequest(query: "yak", pageSize: 10)).items.map(\.title) == ["Yak"])
        try await database.write { db in try db.execute(sql: "DELETE FROM title WHERE key = 't9'") }
        #expect(try await provider.page(PageRequest(query: "yak", pageSize: 10)).items.isEmpty)
        // FTS5's own check of the index against the titles' words: an error if they disagree.
        try await database.write { db in
            try db.execute(sql: "INSERT INTO title_search(title_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("the library keeps its folders, each once, in the order they were added")
    func folders() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.addFolders(["/media/films", "/media/shows"])
        try await database.addFolders(["/media/films"])
        #expect(try await database.folders() == ["/media/films", "/media/shows"])
        try database.close()
        #expect(try await folder.openLibrary().folders() == ["/media/films", "/media/shows"])
    }

    @Test("a file of garbage is moved aside, not deleted, and a new library is created")
    func garbage() async throws {
        let folder = try TempFolder()
        let garbage = String(repeating: "this is not a database at all\n", count: 400)
        try folder.write(garbage, to: "library.sqlite")
        let database = try folder.openLibrary()
        let recovery = try #require(database.recovery)
        #expect(recovery.movedTo.hasPrefix(folder.databasePath + ".corrupt-"))
        #expect(try String(contentsOfFile: recovery.movedTo, encoding: .utf8) == garbage)
        #expect(recovery.description.contains("the library was damaged"))
        #expect(recovery.description.contains("moved aside to \(recovery.movedTo); rebuilding"))
        try await database.generateTitles(count: 10)
        #expect(try await LibraryProvider(database: database).page(PageRequest(pageSize: 20)).items.count == 10)
    }

    @Test("generated titles with the indexes built after them make the same library as row by row: pages, views, searches, indexes")
    func bulkGeneration() async throws {
        let (rowFolder, bulkFolder) = (try TempFolder(), try TempFolder())
        let byRow = try rowFolder.openLibrary(), inBulk = try bulkFolder.openLibrary()
        let told = Mutex<[ImportProgress]>([])
        let progress: ImportProgressReport = { step in
            if case .searchIndex = step { told.withLock { $0.append(step) } }
        }
        try await byRow.generateTitles(count: 2_000, bulkFrom: .max)
        try await inBulk.generateTitles(count: 2_000, bulkFrom: 0, progress: progress)
        // More of them later, each way: the search index follows the new rows either way.
        try await byRow.generateTitles(count: 500, start: 2_000, bulkFrom: .max)
        try await inBulk.generateTitles(count: 500, start: 2_000, bulkFrom: 0, progress: progress)
        #expect(told.withLock { $0 } == [.searchIndex(alongside: true), .searchIndex(alongside: false)],
                "into the empty library, the search index built alongside; into one with titles, given them")
        try await inBulk.write { db in
            // FTS5's own check of the index against the titles' words: an error if they disagree.
            try db.execute(sql: "INSERT INTO title_search(title_search, rank) VALUES ('integrity-check', 1)")
        }
        let schema = { (database: LibraryDatabase) in try await database.read { db in
            try String.fetchAll(db, sql: "SELECT name || ' ' || coalesce(sql, '') FROM sqlite_master WHERE tbl_name = 'title' ORDER BY name")
        } }
        #expect(try await schema(byRow) == schema(inBulk))
        for request in [PageRequest(pageSize: 3_000), PageRequest(scope: .films, pageSize: 3_000), PageRequest(scope: .shows, pageSize: 3_000),
                        PageRequest(query: "amelie", pageSize: 3_000), PageRequest(query: "s03", pageSize: 3_000)] {
            let rows = try await LibraryProvider(database: byRow).page(request).items.map(\.id)
            let bulk = try await LibraryProvider(database: inBulk).page(request).items.map(\.id)
            #expect(!rows.isEmpty && rows == bulk, "\(request)")
        }
    }

    @Test("a generation that fails part way (ids already there) stops the thread making its titles, and keeps none of them")
    func generationFailing() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 100)
        // The first title made, "gen0000050", is there already: the insert fails at once, while
        // the thread making the titles is batches ahead.
        for bulkFrom in [0, Int.max] {
            await #expect(throws: (any Error).self) { try await database.generateTitles(count: 20_000, start: 50, bulkFrom: bulkFrom) }
        }
        #expect(try await LibraryProvider(database: database).titleCount() == 100)
        try await database.generateTitles(count: 10, start: 100)
        #expect(try await LibraryProvider(database: database).titleCount() == 110)
    }

    @Test("a library cut off in the middle is moved aside and rebuilt")
    func truncated() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.generateTitles(count: 5_000)
        try database.close()
        let size = try #require(FileManager.default.attributesOfItem(atPath: folder.databasePath)[.size] as? Int)
        #expect(truncate(folder.databasePath, off_t(size / 2)) == 0)
        let reopened = try folder.openLibrary()
        let recovery = try #require(reopened.recovery)
        #expect(FileManager.default.fileExists(atPath: recovery.movedTo))
        #expect(try await LibraryProvider(database: reopened).page(PageRequest(pageSize: 20)).items.isEmpty)
    }

    @Test("a library another process holds gives a clear message once the busy timeout is over")
    func busy() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary(busyTimeout: .milliseconds(200))
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: folder.databasePath, configuration: configuration)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
        let error = await #expect(throws: LibraryError.self) { try await database.markWatched("a") }
        #expect(error == .busy(path: folder.databasePath))
        #expect(error?.description == "the library is busy: another spindle is scanning or importing (\(folder.databasePath))")
        // Reading goes on meanwhile (WAL).
        #expect(try await database.watchState(forTitle: "a") == nil)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try await database.markWatched("a")
        #expect(try await database.watchState(forTitle: "a")?.watched == true)
    }

    @Test("a folder that does not exist cannot hold the library: a readable error, no crash")
    func cannotOpen() throws {
        let folder = try TempFolder()
        let error = #expect(throws: LibraryError.self) {
            try LibraryDatabase(path: folder.path + "/missing/library.sqlite")
        }
        #expect(error?.description.hasPrefix("cannot open the library \(folder.path)/missing/library.sqlite") == true)
    }

    @Test("SQLite's errors become readable ones")
    func errorMessages() {
        func message(_ code: ResultCode) -> String? {
            LibraryError.from(DatabaseError(resultCode: code, message: "m"), path: "/l.sqlite")?.description
        }
        #expect(message(.SQLITE_FULL) == "the library cannot grow: the disk holding /l.sqlite is full")
        #expect(message(.SQLITE_READONLY) == "the library cannot be written: /l.sqlite is read-only")
        #expect(message(.SQLITE_CORRUPT)?.hasPrefix("the library is damaged (m)") == true)
        #expect(LibraryError.from(CancellationError(), path: "/l.sqlite") == nil)
    }

    @Test("watch state round trip")
    func watchState() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        #expect(try await database.resumePosition(forTitle: "t1") == nil)
        try await database.setResumePosition(1312, forTitle: "t1")
        #expect(try await database.resumePosition(forTitle: "t1") == 1312)
        try await database.markWatched("t1")
        let state = try #require(try await database.watchState(forTitle: "t1"))
        #expect(state.watched && state.position == 1312 && state.updated > 0)
        try await database.markWatched("t1", false)
        try await database.setResumePosition(0, forTitle: "t1")
        #expect(try await database.resumePosition(forTitle: "t1") == nil)
        #expect(try await database.watchState(forTitle: "t1")?.watched == false)
        try database.close()
        try await folder.openLibrary().setResumePosition(42, forTitle: "t2")
        #expect(try await folder.openLibrary().resumePosition(forTitle: "t2") == 42)
    }
}
