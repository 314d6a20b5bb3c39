import Catalog
import Foundation
import GRDB
@testable import Library
import MediaScan
import Testing
import TestSupport

/// What a library of shows and films needs beyond files: numbers sorted as numbers, searches
/// for what rows show (episode codes, years), and unreadable files named from their path.
@Suite("Shows and films in the library's order and searches")
struct ShowOrderTests {
    static func film(_ title: String, year: Int? = nil) -> ProbedFile {
        ProbedFile(file: MediaFile(path: "/media/\(title).mkv", size: 1, modified: 1),
                   facts: .success(MediaFacts(title: title, year: year)))
    }

    static func episode(_ show: String, _ season: Int, _ episode: Int, _ title: String = "") -> ProbedFile {
        ProbedFile(file: MediaFile(path: "/media/\(show)/S\(season)E\(episode).mkv", size: 1, modified: 1),
                   facts: .success(MediaFacts(title: title, show: show, season: season, episode: episode)))
    }

    static func library(_ files: [ProbedFile]) async throws -> (TempFolder, LibraryProvider) {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        try await database.store(files.shuffled(), root: "/media")
        return (folder, LibraryProvider(database: database))
    }

    static func titles(_ provider: LibraryProvider, _ query: String = "") async throws -> [String] {
        try await provider.page(PageRequest(query: query, pageSize: 100)).items.map(\.title)
    }

    @Test("numbers sort as numbers: Part 1, 2, 10, 11; episodes 1, 2, 10; seasons 2 before 10")
    func naturalOrder() async throws {
        let (folder, provider) = try await Self.library([
            Self.film("Saga Part 10"), Self.film("Saga Part 2"), Self.film("Saga Part 11"), Self.film("Saga Part 1"),
            Self.episode("Harbor", 1, 10), Self.episode("Harbor", 1, 2), Self.episode("Harbor", 1, 1),
            Self.episode("Harbor", 10, 1), Self.episode("Harbor", 2, 1),
        ])
        #expect(try await Self.titles(provider) == [
            "Harbor S01E01", "Harbor S01E02", "Harbor S01E10", "Harbor S02E01", "Harbor S10E01",
            "Saga Part 1", "Saga Part 2", "Saga Part 10", "Saga Part 11",
        ])
        #expect(try await provider.title(after: "/media/Harbor/S1E2.mkv", query: "")?.title == "Harbor S01E10")
        withExtendedLifetime(folder) {}
    }

    @Test("searches find what rows show: s01e02, s1e2, s1, 1x02, a year, and words together")
    func searchingCodesAndYears() async throws {
        let (folder, provider) = try await Self.library([
            Self.episode("Night Harbor", 1, 2, "Tide"), Self.episode("Night Harbor", 1, 3, "Fog"),
            Self.episode("Night Harbor", 2, 1, "Return"), Self.episode("Day Harbor", 2, 5, "Noon"),
            Self.film("Some Film", year: 1998), Self.film("Other Film", year: 2001),
        ])
        #expect(try await Self.titles(provider, "s01e02") == ["Night Harbor S01E02 · Tide"])
        #expect(try await Self.titles(provider, "S1E2") == ["Night Harbor S01E02 · Tide"])
        #expect(try await Self.titles(provider, "1x02") == ["Night Harbor S01E02 · Tide"])
        #expect(try await Self.titles(provider, "s01") == ["Night Harbor S01E02 · Tide", "Night Harbor S01E03 · Fog"])
        #expect(try await Self.titles(provider, "s1") == ["Night Harbor S01E02 · Tide", "Night Harbor S01E03 · Fog"])
        #expect(try await Self.titles(provider, "harbor s02") == ["Day Harbor S02E05 · Noon", "Night Harbor S02E01 · Return"])
        #expect(try await Self.titles(provider, "night harbor s02") == ["Night Harbor S02E01 · Return"])
        #expect(try await Self.titles(provider, "1998") == ["Some Film"])
        #expect(try await Self.titles(provider, "film 2001") == ["Other Film"])
        withExtendedLifetime(folder) {}
    }

    @Test("an unreadable \"Broken Film (2010).mkv\" is Broken Film of 2010, and an unreadable episode is its show's")
    func unreadableFilesAreNamedFromTheirPath() {
        let film = ScannedTitle(unreadableAt: "/media/Broken Film (2010).mkv", problem: "Invalid data")
        #expect(film.display == "Broken Film")
        #expect(film.year == 2010)
        #expect(film.genre == ScannedTitle.unreadableGenre)
        #expect(film.problem == "Invalid data")
        let episode = ScannedTitle(unreadableAt: "/media/Night Harbor/Season 2/03 - Storm.mkv", problem: "Invalid data")
        #expect(episode.display == "Night Harbor S02E03 · Storm")
        #expect(episode.words.contains(" s02e03 "))
    }

    @Test("a library made before: opening it orders it naturally and makes codes and years searchable")
    func migratingAnOlderLibrary() async throws {
        let folder = try TempFolder()
        let queue = try DatabaseQueue(path: folder.databasePath)
        try LibrarySchema.migrator.migrate(queue, upTo: "v2 folders")
        try await queue.write { db in
            // Rows as the scan of the version before wrote them: plain folded keys, no codes.
            for (index, name) in ["Saga Part 10", "Saga Part 2"].enumerated() {
                try db.execute(sql: """
                    INSERT INTO title (key, source, path, display, name, year, sort_key, words)
                    VALUES (?, '/media', ?, ?, ?, 1999, ?, ?)
                    """, arguments: ["k\(index)", "/media/\(name).mkv", name, name, "1" + name.lowercased() + "\u{1}1999",
                                     SearchQuery.words(name)])
            }
            try db.execute(sql: """
                INSERT INTO title (key, source, path, display, name, genre, probe_error, sort_key, words)
                VALUES ('k2', '/media', '/media/Broken Film (2010).mkv', 'Broken Film (2010)', 'Broken Film (2010)',
                    'unreadable', 'Invalid data', '1broken film (2010)' || char(1) || '0000', ' broken film 2010 unreadable ')
                """)
        }
        try queue.close()
        let database = try folder.openLibrary()
        let provider = LibraryProvider(database: database)
        #expect(try await Self.titles(provider) == ["Broken Film", "Saga Part 2", "Saga Part 10"])
        #expect(try await Self.titles(provider, "1999") == ["Saga Part 2", "Saga Part 10"])
        #expect(try await Self.titles(provider, "2010") == ["Broken Film"])
    }
}
