import Catalog
import CatalogFile
import Foundation
import GRDB
import ProcessControl
import Synchronization
import SpinTesting
@testable import Library
import Testing
import TestSupport

@Suite("Importing catalog files")
struct ImportTests {
    static func line(_ id: String, _ title: String = "Title") -> String {
        #"{"id":"\#(id)","title":"\#(title)","year":2001,"genre":"Drama","duration":100,"intro_start":1,"intro_end":2,"credits_start":90}"#
    }

    /// Sets the file's modification time (seconds since 1970).
    static func touch(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test("titles keep the file's order, ids and fields; the same file as JSONLinesCatalog reads")
    func importsInOrder() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let titles = Array(EmbeddedCatalog.titles.prefix(300)) + [
            Title(id: "clip", title: "Clip", year: 2024, genre: "", duration: 0, introStart: 0, introEnd: 0,
                  creditsStart: 0, media: TitleMedia(video: "media/clip.mkv", subtitles: "/s.srt", knowsDuration: false,
                                                     knowsIntro: false, knowsCredits: false)),
        ]
        let path = folder.path + "/catalog.jsonl"
        try JSONLinesCatalog.write(titles, toFile: path)
        let outcome = try await LibraryImport.importCatalog(path: path, into: database)
        #expect(outcome == .imported(titles: 301, lines: 301))
        let paged = try await LibraryProvider(database: database).allIDs(pageSize: 64)
        #expect(paged == titles.map(\.id))
        let all = try await LibraryProvider(database: database).page(PageRequest(pageSize: 400)).items
        #expect(all == (try JSONLinesCatalog(contentsOfFile: path)).titles)
    }

    @Test("an import leaves its rows in the database file and the WAL empty: a process killed after it leaves nothing to read back")
    func importEmptiesTheWAL() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let path = folder.path + "/catalog.jsonl"
        try JSONLinesCatalog.write(Array(EmbeddedCatalog.titles.prefix(3_000)), toFile: path)
        _ = try await LibraryImport.importCatalog(path: path, into: database)
        var info = stat()
        #expect(stat(folder.databasePath + "-wal", &info) == 0)
        #expect(info.st_size == 0, "the WAL holds \(info.st_size) bytes")
        #expect(stat(folder.databasePath, &info) == 0 && info.st_size > 1_000_000, "the titles are in the file: \(info.st_size) bytes")
        // Generating titles is a bulk write too.
        try await database.generateTitles(count: 2_000)
        #expect(stat(folder.databasePath + "-wal", &info) == 0 && info.st_size == 0)
    }

    @Test("a new library has pages of 16 KiB, as has the scratch database of a search index built alongside; one made before keeps its own")
    func pageSize() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        #expect(try await database.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == LibraryDatabase.pageSize)
        #expect(LibraryDatabase.pageSize == 16_384)
        let older = try TempFolder()
        let queue = try DatabaseQueue(path: older.databasePath)
        try await queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA page_size = 4096; PRAGMA journal_mode = WAL; CREATE TABLE earlier (x)")
        }
        try queue.close()
        let reopened = try older.openLibrary()
        #expect(try await reopened.read { try Int.fetchOne($0, sql: "PRAGMA page_size") } == 4096)
        #expect(try await reopened.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM title") } == 0)
    }

    @Test("a bulk load goes through a rollback journal when the library is open nowhere else, through the WAL when it is; either way the WAL is on again after",
          arguments: [false, true])
    func bulkJournal(openElsewhere: Bool) async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let elsewhere = openElsewhere ? try DatabaseQueue(path: folder.databasePath) : nil
        #expect(try await elsewhere?.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM title") } ?? 0 == 0)
        let path = folder.path + "/catalog.jsonl"
        try JSONLinesCatalog.write(Array(EmbeddedCatalog.titles.prefix(3_000)), toFile: path)
        let journal = folder.databasePath + "-journal"
        // Whether the journal was there when the load was about to commit.
        let journalled = Mutex<Bool?>(nil)
        _ = try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0) { step in
            if case .saving = step { journalled.withLock { $0 = access(journal, F_OK) == 0 } }
        }
        #expect(journalled.withLock { $0 } == !openElsewhere)
        #expect(access(journal, F_OK) != 0)
        #expect(try await database.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try await elsewhere?.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM title") } ?? 3_000 == 3_000)
        #expect(try await LibraryProvider(database: database).matchCount("shadow") > 0)
        // The next one, with nothing else open: the journal again.
        try elsewhere?.close()
        journalled.withLock { $0 = nil }
        try await database.generateTitles(count: 2_000, bulkFrom: 0, progress: { step in
            if case .searchIndex = step { journalled.withLock { $0 = access(journal, F_OK) == 0 } }
        })
        #expect(journalled.withLock { $0 } == true)
        #expect(try await database.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try await LibraryProvider(database: database).titleCount() == 5_000)
    }

    @Test("a big file goes in with its indexes built after it: the same indexes, order, search and duplicates as row by row; a failed one keeps the last import")
    func bulkImport() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let indexes = { try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN ('title', 'title_search') ORDER BY name")
                .map { "\($0[0] as String) \($0[1] as String) \(($0[2] as String?) ?? "")" }
        } }
        let before = try await indexes()
        let secureDelete = { try await database.write { try Int.fetchOne($0, sql: "PRAGMA secure_delete") } }
        let deleting = try await secureDelete()
        let titles = Array(EmbeddedCatalog.titles.prefix(500))
        let path = folder.path + "/catalog.jsonl"
        try JSONLinesCatalog.write(titles, toFile: path)
        // Every file is big from 0 bytes on.
        #expect(try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0) == .imported(titles: 500, lines: 500))
        // The other orders' indexes are built after the commit (`PendingIndexTests`).
        #expect(try await database.indexNames().pending == LibrarySchema.deferredIndexes)
        #expect(try await database.buildPendingIndexes() == 3)
        #expect(try await indexes() == before, "the same indexes and triggers (the search's too) as before the import")
        #expect(try await secureDelete() == deleting, "the writer's secure_delete as it was before the bulk write")
        let provider = LibraryProvider(database: database)
        #expect(try await provider.allIDs(pageSize: 64) == titles.map(\.id))
        let word = String(titles[123].title.split(separator: " ").max { $0.count < $1.count }!)
        let found = try await provider.page(PageRequest(query: word, pageSize: 500)).items.map(\.id)
        #expect(found.contains(titles[123].id), "the search index has the rows: \(word)")
        let films = try await provider.page(PageRequest(scope: .films, pageSize: 500)).items
        #expect(films.count == 500)
        // A failed big import (a duplicate id) keeps the last import and the indexes.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        try (lines + [lines[0]]).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        Self.touch(path, seconds: 1_000)
        await #expect(throws: CatalogFileError.self) { try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0) }
        #expect(try await indexes() == before)
        #expect(try await provider.allIDs(pageSize: 600).prefix(500) == ArraySlice(titles.map(\.id)))
    }

    @Test("a big file imported again replaces its titles in the search index too: the new found, the old gone, the index whole; with another catalog beside it, bigger or smaller",
          arguments: [0, 40, 400])
    func bulkReimport(others: Int) async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        if others > 0 {
            let other = try folder.write((0 ..< others).map { Self.line("o\($0)", "Other \($0)") }.joined(separator: "\n"), to: "other.jsonl")
            #expect(try await LibraryImport.importCatalog(path: other, into: database) == .imported(titles: others, lines: others))
        }
        let schema = { try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE tbl_name IN ('title', 'title_search') ORDER BY name")
                .map { "\($0[0] as String) \($0[1] as String) \(($0[2] as String?) ?? "")" }
        } }
        let before = try await schema()
        let path = try folder.write((0 ..< 300).map { Self.line("t\($0)", "Stale \($0)") }.joined(separator: "\n"), to: "big.jsonl")
        Self.touch(path, seconds: 1_000)
        #expect(try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0) == .imported(titles: 300, lines: 300))
        // Again, changed: a third of the ids kept, the rest new, every title renamed.
        try folder.write((200 ..< 500).map { Self.line("t\($0)", "Fresh \($0)") }.joined(separator: "\n"), to: "big.jsonl")
        Self.touch(path, seconds: 2_000)
        #expect(try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0) == .imported(titles: 300, lines: 300))
        try await database.buildPendingIndexes()
        #expect(try await schema() == before, "the same indexes and triggers as before the imports")
        let provider = LibraryProvider(database: database)
        let ids = { (query: String) in try await provider.page(PageRequest(query: query, pageSize: 1_000)).items.map(\.id) }
        #expect(try await ids("fresh") == (200 ..< 500).map { "t\($0)" })
        #expect(try await ids("stale").isEmpty)
        #expect(try await ids("other").count == others)
        #expect(try await ids("fresh 250") == ["t250"])
        try await database.write { db in
            // FTS5's own check of the index against the titles' words: an error if they disagree.
            try db.execute(sql: "INSERT INTO title_search(title_search, rank) VALUES ('integrity-check', 1)")
            // The triggers keep it so: a title renamed, then one deleted.
            try db.execute(sql: "UPDATE title SET words = ' renamed ' WHERE key = 't300'")
            try db.execute(sql: "DELETE FROM title WHERE key = 't301'")
            try db.execute(sql: "INSERT INTO title_search(title_search, rank) VALUES ('integrity-check', 1)")
        }
        #expect(try await ids("renamed") == ["t300"])
        #expect(try await ids("fresh").count == 298)
    }

    @Test("an import tells its progress in order: the file read to its end, each index, the search index, saving")
    func progress() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let path = folder.path + "/catalog.jsonl"
        // Lines enough for several of the import's chunks (long ones: a long address costs
        // the import little); the last without a line break.
        let video = "https://example.org/" + String(repeating: "v", count: 2_000)
        let line = { (id: Int) in #"{"id":"t\#(1_000_000 + id)","title":"T","year":2001,"genre":"Drama","video":"\#(video)"}"# }
        let count = 5 * LibraryImport.chunkSize / 2 / line(0).utf8.count + 1
        try (0 ..< count).map(line).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let told = Mutex<[ImportProgress]>([])
        #expect(try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0, progress: { progress in
            told.withLock { $0.append(progress) }
        }) == .imported(titles: count, lines: count))
        let steps = told.withLock { $0 }
        let reads = steps.compactMap { step -> (lines: Int, bytes: Int64, size: Int64)? in
            if case .reading(let lines, let bytes, let size) = step { return (lines, bytes, size) }
            return nil
        }
        #expect(reads.count >= 4, "one report a chunk")
        #expect(reads.allSatisfy { $0.size == Int64(size) })
        #expect(zip(reads, reads.dropFirst()).allSatisfy { $0.bytes <= $1.bytes && $0.lines <= $1.lines }, "forward only")
        #expect(reads.first.map { $0.bytes < Int64(size) } == true)
        #expect(reads.last?.bytes == Int64(size))
        #expect(reads.last?.lines == count)
        let indexes = try await database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'title' AND sql IS NOT NULL")!
        }
        #expect(Array(steps.dropFirst(reads.count)) == (1 ... indexes).map { .indexing(index: $0, count: indexes) } + [.searchIndex(alongside: true), .saving])
        #expect(ImportProgress.reading(lines: 22_528, bytes: 3_145_728, size: 3_145_728).text == "100% read (22,528 lines)")
        #expect(ImportProgress.reading(lines: 1, bytes: 1, size: 3).text == "33% read (1 line)")
        #expect(ImportProgress.indexing(index: 3, count: 8).text == "building index 3 of 8")
    }

    @Test("a cancelled import stops while its rows go in, not at their end: CancellationError, the last import kept")
    func cancelled() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let path = folder.path + "/catalog.jsonl"
        try Self.line("first").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try await LibraryImport.importCatalog(path: path, into: database) == .imported(titles: 1, lines: 1))
        let count = 3 * LibraryImport.chunkSize / Self.line("t0000000").utf8.count
        try (0 ..< count).map { Self.line("t" + String(1_000_000 + $0)) }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        Self.touch(path, seconds: 1_000)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        // Cancelled once the reader is past its first chunk: the writer is then among the rows,
        // and stops at its next batch, so the reader never comes to the file's end.
        let reading = AsyncStream<Void>.makeStream()
        let read = Mutex<Int64>(0)
        let started = Task {
            try await LibraryImport.importCatalog(path: path, into: database, bulkFrom: 0) { progress in
                guard case .reading(let lines, let bytes, _) = progress else { return }
                read.withLock { $0 = max($0, bytes) }
                if lines > 0 { reading.continuation.yield() }
            }
        }
        for await _ in reading.stream { break }
        started.cancel()
        await #expect(throws: CancellationError.self) { try await started.value }
        #expect(read.withLock { $0 } < Int64(size), "stopped before the file's end")
        #expect(try await database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM title") } == 1, "the last import kept")
    }

    @Test("a bad line is reported as FILE:LINE, like JSONLinesCatalog; nothing of the file is kept",
          arguments: [
              ([line("a"), "", "{\"id\": oops}"], 3),
              ([line("a"), line("b"), line("a")], 3),
              ([line("a"), "[1]"], 2),
          ])
    func badLine(lines: [String], number: Int) async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let path = try folder.write(lines.joined(separator: "\n"), to: "bad.jsonl")
        let expected = #expect(throws: CatalogFileError.self) { try JSONLinesCatalog(contentsOfFile: path) }
        let error = await #expect(throws: CatalogFileError.self) {
            try await LibraryImport.importCatalog(path: path, into: database)
        }
        #expect(error == expected)
        #expect(error?.line == number)
        #expect(try await LibraryProvider(database: database).page(PageRequest(pageSize: 5)).items.isEmpty)
    }

    @Test("a failure deep in a long file, the reading thread batches ahead: the line is named, the last import kept, the file let go",
          arguments: [
              (12_000, 9_001, "duplicate"),   // a duplicate, found by the inserting thread
              (12_000, 11_500, "bad"),        // a bad line, found by the reading thread
              (12_000, 12_000, "bad"),        // the last line
          ])
    func failureDeepInALongFile(count: Int, failing: Int, kind: String) async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let path = folder.path + "/long.jsonl"
        let good = (1 ... count).map { Self.line("id\($0)") }
        try good.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try await LibraryImport.importCatalog(path: path, into: database) == .imported(titles: count, lines: count))
        var lines = good
        lines[failing - 1] = kind == "duplicate" ? Self.line("id7") : "{\"id\": oops}"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        Self.touch(path, seconds: 2_000)
        let error = await #expect(throws: CatalogFileError.self) {
            try await LibraryImport.importCatalog(path: path, into: database)
        }
        #expect(error?.line == failing)
        if kind == "duplicate" { #expect(error?.description == "\(path):\(failing): id \"id7\" is already used on line 7") }
        let ids = try await LibraryProvider(database: database).allIDs(pageSize: 5_000)
        #expect(ids == good.indices.map { "id\($0 + 1)" }, "the last import, whole")
    }

    @Test("the hand-over between the reading and the inserting thread, against a model: every batch in order, then the end; a taker that stops lets a blocked reader go",
          arguments: 0 ..< 40)
    func handOver(seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        let batches = Int(random.next() % 13)
        let stopAfter: Int? = random.next() % 2 == 0 ? Int(random.next() % UInt64(batches + 1)) : nil
        let rows = ImportRows<ImportedRow>()
        // Both sides block their threads, as the import's do: threads of their own, never the
        // task pool's.
        let handedOver = Mutex<Int?>(nil)
        startDetachedThread {
            var handed = 0
            for index in 0 ..< batches {
                let row = ImportedRow(id: "\(index)", line: index, name: "", sortKey: "", words: "")
                guard rows.put(.rows([row])) else { break }
                handed += 1
            }
            if handed == batches { _ = rows.put(.finished(lines: batches)) }
            handedOver.withLock { $0 = handed }
            rows.end()
        }
        let (taken, finished) = await withCheckedContinuation { (continuation: CheckedContinuation<([String], Int?), Never>) in
            startDetachedThread {
                var taken: [String] = []
                var finished: Int?
                taking: while stopAfter.map({ taken.count < $0 }) ?? true {
                    switch rows.take() {
                    case .rows(let batch): taken += batch.map(\.id)
                    case .finished(let lines): finished = lines; break taking
                    case .failed: break taking
                    }
                }
                rows.stopAndWait()
                continuation.resume(returning: (taken, finished))
            }
        }
        let handed = try #require(handedOver.withLock { $0 }, "the reader ended before stopAndWait returned")
        #expect(taken == (0 ..< taken.count).map { "\($0)" }, "in order, none lost")
        if stopAfter == nil {
            #expect(finished == batches && taken.count == batches)
        } else {
            // The reader stopped at most the waiting places and one more ahead of the taker.
            #expect(handed >= taken.count && handed <= taken.count + ImportRows<ImportedRow>.capacity + 1)
        }
    }

    @Test("a duplicate id names the line that used it first")
    func duplicate() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let path = try folder.write([Self.line("a"), Self.line("b"), "", Self.line("a")].joined(separator: "\r\n"), to: "dup.jsonl")
        let error = await #expect(throws: CatalogFileError.self) {
            try await LibraryImport.importCatalog(path: path, into: database)
        }
        #expect(error?.description == "\(path):4: id \"a\" is already used on line 1")
    }

    @Test("an unchanged file is not read again; a changed one is, and a failed reimport keeps the last import")
    func importOnce() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let good = [Self.line("a", "First"), Self.line("b", "Second")].joined(separator: "\n")
        let path = try folder.write(good, to: "c.jsonl")
        Self.touch(path, seconds: 1_000_000)
        #expect(try await LibraryImport.importCatalog(path: path, into: database) == .imported(titles: 2, lines: 2))
        // Garbage of the same size and time: not read, so no error.
        try folder.write(String(repeating: "x", count: good.utf8.count), to: "c.jsonl")
        Self.touch(path, seconds: 1_000_000)
        #expect(try await LibraryImport.importCatalog(path: path, into: database) == .unchanged)
        // A new time: read, refused, and the previous import stays.
        Self.touch(path, seconds: 1_000_001)
        await #expect(throws: CatalogFileError.self) { try await LibraryImport.importCatalog(path: path, into: database) }
        let provider = LibraryProvider(database: database)
        #expect(try await provider.allIDs(pageSize: 5) == ["a", "b"])
        // A good new version replaces the old titles.
        try folder.write([Self.line("c", "Third"), Self.line("a", "First again")].joined(separator: "\n"), to: "c.jsonl")
        #expect(try await LibraryImport.importCatalog(path: path, into: database) == .imported(titles: 2, lines: 2))
        #expect(try await provider.page(PageRequest(pageSize: 5)).items.map(\.title) == ["Third", "First again"])
        #expect(try await provider.page(PageRequest(query: "first", pageSize: 5)).items.map(\.id) == ["a"])
    }

    @Test("two catalogs stay apart, in import order; an id of one cannot be taken by the other")
    func twoCatalogs() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let one = try folder.write([Self.line("a"), Self.line("b")].joined(separator: "\n"), to: "one.jsonl")
        let two = try folder.write([Self.line("z"), Self.line("y")].joined(separator: "\n"), to: "two.jsonl")
        try await LibraryImport.importCatalog(path: one, into: database)
        try await LibraryImport.importCatalog(path: two, into: database)
        #expect(try await LibraryProvider(database: database).allIDs(pageSize: 3) == ["a", "b", "z", "y"])
        let three = try folder.write([Self.line("q"), Self.line("b")].joined(separator: "\n"), to: "three.jsonl")
        let error = await #expect(throws: LibraryError.self) { try await LibraryImport.importCatalog(path: three, into: database) }
        #expect(error == .idTaken(id: "b", file: three, line: 2, source: "the catalog \(one)"))
        try await LibraryImport.removeCatalog(path: one, from: database)
        #expect(try await LibraryProvider(database: database).allIDs(pageSize: 3) == ["z", "y"])
    }

    @Test("a missing file or a folder is unreadable, as JSONLinesCatalog says")
    func unreadable() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        for path in [folder.path + "/missing.jsonl", folder.path] {
            let expected = #expect(throws: CatalogFileError.self) { try JSONLinesCatalog(contentsOfFile: path) }
            let error = await #expect(throws: CatalogFileError.self) {
                try await LibraryImport.importCatalog(path: path, into: database)
            }
            #expect(error == expected)
        }
        let empty = try folder.write("\n  \n", to: "empty.jsonl")
        let error = await #expect(throws: CatalogFileError.self) { try await LibraryImport.importCatalog(path: empty, into: database) }
        #expect(error?.description == "\(empty): the file holds no titles")
    }

    @Test("lines longer than a chunk, and a byte order mark, are read as JSONLinesCatalog reads them")
    func chunks() throws {
        var splitter = CatalogLineSplitter()
        let text = Array("\u{FEFF}ab\r\n\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 3000) + Array("\nlast".utf8)
        var lines: [(String, Int)] = []
        for start in stride(from: 0, to: text.count, by: 7) {
            let chunk = Array(text[start ..< min(text.count, start + 7)])
            try chunk.withUnsafeBufferPointer { chunk throws(CatalogFileError) in
                try splitter.feed(chunk, tooLong: { CatalogFileError(file: "x", line: $0, problem: .lineTooLong(limit: 0)) }) {
                    (line, number) throws(CatalogFileError) in lines.append((String(decoding: line, as: UTF8.self), number))
                }
            }
        }
        splitter.finish { lines.append((String(decoding: $0, as: UTF8.self), $1)) }
        #expect(lines.map(\.0) == ["ab", "", String(repeating: "x", count: 3000), "last"])
        #expect(lines.map(\.1) == [1, 2, 3, 4])
    }
}

/// Files that are not catalogs, imported: refused before they can hold the app.
@Suite("Importing files that are not catalogs", .waitsInRealTime)
struct HostileImportTests {
    @Test("a line longer than 1 MB stops the import at that line, and nothing of the file is kept")
    func lineTooLong() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        // 3 MB without a newline after a good line: read in 1 MB chunks, refused at the second.
        let path = try folder.write(ImportTests.line("a") + "\n" + String(repeating: "x", count: 3 << 20), to: "long.jsonl")
        let error = await #expect(throws: CatalogFileError.self) { try await LibraryImport.importCatalog(path: path, into: database) }
        #expect(error?.description == "\(path):2: the line is longer than 1 MB; a catalog has one title per line")
        #expect(try await database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM title") } == 0)
    }

    @Test("/dev/zero and a FIFO are refused before they are opened, in one line")
    func devicesRefused() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        let fifo = folder.file("fifo.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [("/dev/zero", "a character device"), (fifo, "a pipe (FIFO)")] {
            let error = await #expect(throws: CatalogFileError.self) { try await LibraryImport.importCatalog(path: path, into: database) }
            #expect(error?.description == "\(path): not a regular file (it is \(kind)); a catalog is a JSON Lines text file")
        }
    }
}
