import Foundation
import GRDB
@testable import Library
import MediaScan
import TestSupport
import Testing

extension TempFolder {
    var databasePath: String { path + "/library.sqlite" }

    func openLibrary(busyTimeout: Duration = .seconds(5)) throws -> LibraryDatabase {
        try LibraryDatabase(path: databasePath, busyTimeout: busyTimeout)
    }
}

/// Facts read from the file name alone: `Show S01E02 Title.mkv` is an episode, `broken*` fails,
/// anything else is a film. Counts its probes.
struct NamingProber: MediaProber {
    let probes = Counter()

    func probe(_ file: MediaFile) async throws -> MediaFacts {
        await probes.increment()
        let name = ScannedTitle.fileName(file.path)
        if name.hasPrefix("broken") { throw MediaProbeError("Invalid data found when processing input") }
        let words = name.split(separator: " ").map(String.init)
        if let index = words.firstIndex(where: { $0.count == 6 && $0.hasPrefix("S") && $0.dropFirst(3).hasPrefix("E") }),
           let season = Int(words[index].dropFirst().prefix(2)), let episode = Int(words[index].suffix(2)) {
            return MediaFacts(title: words[(index + 1)...].joined(separator: " "),
                              show: words[..<index].joined(separator: " "), season: season, episode: episode,
                              duration: 1500, chapters: [Chapter(title: "Intro", start: 0), Chapter(title: "Main", start: 60)])
        }
        return MediaFacts(title: name, year: 2001, genre: "Drama", duration: 5400)
    }
}

actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}

/// An async sequence over files known beforehand (what a folder walker would yield).
struct FileList: AsyncSequence, Sendable {
    let files: [MediaFile]

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: ArraySlice<MediaFile>
        mutating func next() async -> MediaFile? { remaining.popFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: files[...]) }
}

/// A deterministic random number generator (the catalog's SplitMix64), so failures can be replayed.
struct SplitMix: RandomNumberGenerator {
    private var random: SeededRandom
    init(state: UInt64) { random = SeededRandom(seed: state) }
    mutating func next() -> UInt64 { random.next() }
}

extension LibraryDatabase {
    /// Drops the indexes a catalog's bulk load builds after its commit and lists them in
    /// `pending_index`, as such a load leaves them (or a process ended before it built them).
    func leaveOrderIndexesPending() async throws {
        try await write { db in
            for name in LibrarySchema.deferredIndexes.sorted() {
                let sql = try #require(try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: [name]))
                try db.execute(sql: "DROP INDEX \(name)")
                try db.execute(sql: "INSERT INTO pending_index (name, sql) VALUES (?, ?)", arguments: [name, sql])
            }
        }
    }

    /// The names of the indexes on `title` and of those pending.
    func indexNames() async throws -> (built: Set<String>, pending: Set<String>) {
        try await read { db in
            (Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'title' AND sql IS NOT NULL")),
             Set(try String.fetchAll(db, sql: "SELECT name FROM pending_index")))
        }
    }

    /// Every title's id in the library's order, read with OFFSET paging (the reference).
    func idsByOffset(query: String?, pageSize: Int) throws -> [String] {
        try pool.read { db in
            var ids: [String] = []
            let filter = query.flatMap(SearchQuery.init).map {
                "WHERE id IN (SELECT rowid FROM title_search WHERE title_search MATCH '\($0.match.replacingOccurrences(of: "'", with: "''"))')"
            } ?? ""
            while true {
                let page = try String.fetchAll(db, sql: "SELECT key FROM title \(filter) ORDER BY sort_key, id LIMIT ? OFFSET ?",
                                               arguments: [pageSize, ids.count])
                ids += page
                if page.count < pageSize { return ids }
            }
        }
    }
}

extension LibraryDatabase {
    /// The details of SQLite's plan for `sql`.
    func plan(_ sql: String, _ arguments: StatementArguments) async throws -> [String] {
        try await read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { row -> String in row["detail"] }
        }
    }
}

extension LibraryProvider {
    /// Every title's id, paged by cursor.
    func allIDs(query: String = "", pageSize: Int) async throws -> [String] {
        var request = PageRequest(query: query, pageSize: pageSize)
        var ids: [String] = []
        while true {
            let page = try await page(request)
            ids += page.items.map(\.id)
            guard let next = page.next else { return ids }
            request.cursor = next
        }
    }
}

import Catalog
