import Catalog
import Foundation
import GRDB
@testable import Library
import MediaScan
import Testing
import TestSupport

/// The list's scopes over a library of shows and films: films alone, one row per show, a show's
/// seasons, a season's episodes, a folder's titles; each paged by keyset as the whole list is.
@Suite("Scopes of the library: films, shows, seasons, episodes, folders")
struct ScopeTests {
    static func library() async throws -> (TempFolder, LibraryProvider) {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        var files: [ProbedFile] = []
        for (show, seasons) in [("Night Harbor", 2), ("Day Harbor", 1), ("Zeta", 3)] {
            for season in 1 ... seasons {
                for episode in 1 ... 3 {
                    files.append(ProbedFile(file: MediaFile(path: "/tv/\(show)/S\(season)E\(episode).mkv", size: 1, modified: 1),
                                            facts: .success(MediaFacts(title: "Ep \(episode)", show: show, season: season,
                                                                       episode: episode, year: 2010 + season))))
                }
            }
        }
        try await database.store(files, root: "/tv")
        let films = ["Saga Part 10", "Saga Part 2", "Alpha", "Omega"].map { name in
            ProbedFile(file: MediaFile(path: "/films/\(name).mkv", size: 1, modified: 1),
                       facts: .success(MediaFacts(title: name, year: 2000)))
        }
        try await database.store(films, root: "/films")
        return (folder, LibraryProvider(database: database))
    }

    static func all(_ provider: LibraryProvider, _ scope: ListScope, pageSize: Int) async throws -> [Title] {
        var titles: [Title] = []
        var request = PageRequest(scope: scope, pageSize: pageSize)
        while true {
            let page = try await provider.page(request)
            titles += page.items
            guard let next = page.next else { return titles }
            request = PageRequest(scope: scope, cursor: next, pageSize: pageSize)
        }
    }

    @Test("films: only films, in natural order, paged by keyset", arguments: [1, 2, 50])
    func films(pageSize: Int) async throws {
        let (folder, provider) = try await Self.library()
        #expect(try await Self.all(provider, .films, pageSize: pageSize).map(\.title)
                == ["Alpha", "Omega", "Saga Part 2", "Saga Part 10"])
        withExtendedLifetime(folder) {}
    }

    @Test("shows: one row each, with seasons and episodes counted, paged by keyset", arguments: [1, 2, 50])
    func shows(pageSize: Int) async throws {
        let (folder, provider) = try await Self.library()
        let shows = try await Self.all(provider, .shows, pageSize: pageSize)
        #expect(shows.map(\.title) == ["Day Harbor", "Night Harbor", "Zeta"])
        #expect(shows.map(\.group) == [.show("Day Harbor", seasons: 1, episodes: 3), .show("Night Harbor", seasons: 2, episodes: 6),
                                       .show("Zeta", seasons: 3, episodes: 9)])
        #expect(shows[1].group?.summary == "2 seasons · 6 episodes")
        withExtendedLifetime(folder) {}
    }

    @Test("a show's seasons, and a season's episodes in order; Enter on a group leads into it")
    func seasonsAndEpisodes() async throws {
        let (folder, provider) = try await Self.library()
        let seasons = try await Self.all(provider, .show("Night Harbor"), pageSize: 50)
        #expect(seasons.map(\.title) == ["Season 1", "Season 2"])
        let group = try #require(seasons[1].group)
        #expect(ListScope.inside(group) == .season(show: "Night Harbor", 2))
        let episodes = try await Self.all(provider, .season(show: "Night Harbor", 2), pageSize: 2)
        #expect(episodes.map(\.title) == ["Night Harbor S02E01 · Ep 1", "Night Harbor S02E02 · Ep 2", "Night Harbor S02E03 · Ep 3"])
        withExtendedLifetime(folder) {}
    }

    @Test("a folder's titles only (those below it, whichever folder scanned them), in the library's order")
    func folderScope() async throws {
        let (folder, provider) = try await Self.library()
        // (No watch state here: a folder's Home is its titles alone.)
        #expect(try await Self.all(provider, .folder("/films"), pageSize: 3).count == 4)
        #expect(try await Self.all(provider, .folder("/tv"), pageSize: 7).count == 18)
        #expect(try await Self.all(provider, .folder("/tv/Zeta/"), pageSize: 2).map(\.title).prefix(2)
                == ["Zeta S01E01 · Ep 1", "Zeta S01E02 · Ep 2"])
        #expect(try await Self.all(provider, .folder("/tv/Zeta"), pageSize: 2).count == 9)
        #expect(try await Self.all(provider, .folder("/tv/Z"), pageSize: 7).isEmpty, "a name's prefix is not a folder")
        #expect(try await Self.all(provider, .folder("/elsewhere"), pageSize: 7).isEmpty)
        withExtendedLifetime(folder) {}
    }

    @Test("a folder's Home: its titles left part way and its shows' next episodes first, then all its titles")
    func folderHome() async throws {
        let (folder, provider) = try await Self.library()
        let store = LibraryWatchStore(database: provider.database)
        try await store.save(["/tv/Zeta/S1E1.mkv": WatchMark(watched: true), "/tv/Zeta/S2E2.mkv": WatchMark(position: 300),
                              "/films/Alpha.mkv": WatchMark(position: 600)])
        let page = try await provider.page(PageRequest(scope: .folder("/tv/Zeta"), pageSize: 20))
        #expect(page.items.prefix(2).map { "\($0.genre): \($0.title)" }
                == ["◐ continue: Zeta S02E02 · Ep 2", "▶ next up: Zeta S02E03 · Ep 3"], "\(page.items.map(\.title))")
        #expect(page.items.dropFirst(2).map(\.title).first == "Zeta S01E01 · Ep 1")
        #expect(page.items.count == 2 + 9, "Alpha, elsewhere, is not in it")
        // Ordered or filtered, it is the folder's titles alone.
        let byYear = try await provider.page(PageRequest(scope: .folder("/tv/Zeta"), pageSize: 20, order: .year))
        #expect(byYear.items.count == 9)
        withExtendedLifetime(folder) {}
    }

    @Test("a search looks in the whole library, whatever the scope")
    func searchIgnoresScope() async throws {
        let (folder, provider) = try await Self.library()
        let page = try await provider.page(PageRequest(query: "saga", scope: .shows, pageSize: 50))
        #expect(page.items.map(\.title) == ["Saga Part 2", "Saga Part 10"])
        withExtendedLifetime(folder) {}
    }

    @Test("Home: continue watching (last played first), next up (the episode after the last played, not watched), recently added")
    func home() async throws {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        var files: [ProbedFile] = []
        for episode in 1 ... 4 {
            files.append(ProbedFile(file: MediaFile(path: "/tv/Harbor/S1E\(episode).mkv", size: 1, modified: 1),
                                    facts: .success(MediaFacts(title: "Ep \(episode)", show: "Harbor", season: 1, episode: episode))))
        }
        for name in ["Alpha", "Omega"] {
            files.append(ProbedFile(file: MediaFile(path: "/films/\(name).mkv", size: 1, modified: 1),
                                    facts: .success(MediaFacts(title: name, year: 2000))))
        }
        try await database.store(files, root: "/media")
        let store = LibraryWatchStore(database: database)
        try await store.save(["/tv/Harbor/S1E1.mkv": WatchMark(watched: true), "/tv/Harbor/S1E3.mkv": WatchMark(watched: true)])
        try await store.save(["/films/Omega.mkv": WatchMark(position: 600)])
        let provider = LibraryProvider(database: database)
        let page = try await provider.page(PageRequest(scope: .home, pageSize: 50))
        let rows = page.items.map { "\($0.genre): \($0.title)" }
        #expect(Array(rows.prefix(2)) == ["◐ continue: Omega", "▶ next up: Harbor S01E04 · Ep 4"], "\(rows)")
        #expect(rows.dropFirst(2).allSatisfy { $0.hasPrefix("new: ") })
        #expect(Set(page.items.map(\.id)).count == page.items.count, "each title once")
        #expect(page.next == nil)
    }
}
