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
        #expect(shows.map(\.group) == [.show("Day Harbor", seasons: 1, episodes: 3, progress: GroupProgress()), .show("Night Harbor", seasons: 2, episodes: 6, progress: GroupProgress()),
                                       .show("Zeta", seasons: 3, episodes: 9, progress: GroupProgress())])
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
        // The episode touched last is left part way: it is what to watch next, once, in continue.
        #expect(page.items.prefix(1).map { "\($0.genre): \($0.title)" } == ["◐ continue: Zeta S02E02 · Ep 2"],
                "\(page.items.map(\.title))")
        #expect(page.items.dropFirst(1).map(\.title).first == "Zeta S01E01 · Ep 1")
        #expect(page.items.count == 1 + 9, "Alpha, elsewhere, is not in it")
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
        #expect(rows == ["◐ continue: Omega", "▶ next up: Harbor S01E04 · Ep 4", "new: Alpha", "new: Harbor · 2 new"], "\(rows)")
        #expect(page.items[3].group == .show("Harbor", seasons: 1, episodes: 4, progress: GroupProgress(watched: 2)))
        #expect(Set(page.items.map(\.id)).count == page.items.count, "each title once")
        #expect(page.next == nil)
    }

    /// A show of four episodes and two films, scanned with these modification times.
    static func smallLibrary(modified: [String: Int64] = [:]) async throws -> (TempFolder, LibraryDatabase) {
        let folder = try TempFolder()
        let database = try folder.openLibrary()
        var files: [ProbedFile] = []
        for episode in 1 ... 4 {
            let path = "/tv/Harbor/S1E\(episode).mkv"
            files.append(ProbedFile(file: MediaFile(path: path, size: 1, modified: modified[path] ?? 1),
                                    facts: .success(MediaFacts(title: "Ep \(episode)", show: "Harbor", season: 1, episode: episode))))
        }
        for name in ["Alpha", "Omega"] {
            let path = "/films/\(name).mkv"
            files.append(ProbedFile(file: MediaFile(path: path, size: 1, modified: modified[path] ?? 1),
                                    facts: .success(MediaFacts(title: name, year: 2000))))
        }
        try await database.store(files, root: "/media")
        return (folder, database)
    }

    @Test("next up: the episode touched last when it was left part way (never the one after it), else the first unwatched after it")
    func nextUpResumesFirst() async throws {
        let (folder, database) = try await Self.smallLibrary()
        let store = LibraryWatchStore(database: database)
        let provider = LibraryProvider(database: database)
        // Continue watching and next up (new follows).
        func home() async throws -> [String] {
            try await provider.page(PageRequest(scope: .home, pageSize: 50)).items.map { "\($0.genre): \($0.title)" }
                .filter { !$0.hasPrefix("new: ") }
        }
        // E01 watched, then E02 stopped at 46 %.
        try await store.save(states: ["/tv/Harbor/S1E1.mkv": WatchState(watched: true, position: 0, updated: 1_000),
                                      "/tv/Harbor/S1E2.mkv": WatchState(watched: false, position: 600, updated: 2_000)])
        #expect(try await home() == ["◐ continue: Harbor S01E02 · Ep 2"])
        // E02 finished: E03 is next.
        try await store.save(states: ["/tv/Harbor/S1E2.mkv": WatchState(watched: true, position: 0, updated: 3_000)])
        #expect(try await home() == ["▶ next up: Harbor S01E03 · Ep 3"])
        // E01 watched again, last: the first not watched after it is still E03.
        try await store.save(states: ["/tv/Harbor/S1E1.mkv": WatchState(watched: true, position: 0, updated: 4_000)])
        #expect(try await home() == ["▶ next up: Harbor S01E03 · Ep 3"])
        // Everything watched: no next up.
        try await store.mark(GroupWatchMark(group: .show("Harbor", seasons: 1, episodes: 4), watched: true))
        #expect(try await home().isEmpty)
        withExtendedLifetime(folder) {}
    }

    @Test("new on Home: not watched, readable, newest file first, a show's new episodes in one row")
    func newOnHome() async throws {
        let (folder, database) = try await Self.smallLibrary(modified: [
            "/films/Alpha.mkv": 3_000, "/films/Omega.mkv": 1_000, "/tv/Harbor/S1E2.mkv": 2_000,
        ])
        try await database.store([ProbedFile(file: MediaFile(path: "/more/broken.mkv", size: 1, modified: 9_000),
                                             facts: .failure(MediaProbeError("Invalid data found when processing input")))],
                                 root: "/more")
        let store = LibraryWatchStore(database: database)
        try await store.save(states: ["/films/Omega.mkv": WatchState(watched: true, position: 0, updated: 1_000)])
        let provider = LibraryProvider(database: database)
        let items = try await provider.page(PageRequest(scope: .home, pageSize: 50)).items
        let rows = items.map { "\($0.genre): \($0.title)" }
        // Omega watched (and its next up none: a film), the unreadable file left out.
        #expect(rows == ["new: Alpha", "new: Harbor · 4 new"], "\(rows)")
        #expect(items[1].group.map(ListScope.inside) == .show("Harbor"), "Enter opens the show")
        withExtendedLifetime(folder) {}
    }

    @Test("a show's and a season's rows count their episodes watched and left part way; a season or a show is marked at once")
    func groupProgress() async throws {
        let (folder, provider) = try await Self.library()
        let store = LibraryWatchStore(database: provider.database)
        try await store.save(["/tv/Night Harbor/S1E1.mkv": WatchMark(watched: true), "/tv/Night Harbor/S2E1.mkv": WatchMark(position: 300)])
        var shows = try await Self.all(provider, .shows, pageSize: 50)
        #expect(shows.map(\.group?.progress) == [GroupProgress(), GroupProgress(watched: 1, inProgress: 1), GroupProgress()])
        var seasons = try await Self.all(provider, .show("Night Harbor"), pageSize: 50)
        #expect(seasons.map(\.group?.progress) == [GroupProgress(watched: 1), GroupProgress(inProgress: 1)])
        // Season 1 marked: its three episodes are, wherever they are listed.
        try await store.mark(GroupWatchMark(group: try #require(seasons[0].group), watched: true))
        seasons = try await Self.all(provider, .show("Night Harbor"), pageSize: 50)
        #expect(seasons[0].group?.isWatched == true)
        var marks = try await store.allMarks()
        #expect((1 ... 3).allSatisfy { marks["/tv/Night Harbor/S1E\($0).mkv"] == WatchMark(watched: true) })
        #expect(marks["/tv/Night Harbor/S2E1.mkv"] == WatchMark(position: 300))
        // The whole show: all six, its row ✓; Zeta, whose name sorts after, untouched.
        try await store.mark(GroupWatchMark(group: try #require(shows[1].group), watched: true))
        shows = try await Self.all(provider, .shows, pageSize: 50)
        #expect(shows[1].group?.isWatched == true)
        #expect(shows[1].group?.progress == GroupProgress(watched: 6))
        #expect(shows[2].group?.progress == GroupProgress())
        // Taken back: none watched, each un-mark kept with its time.
        try await store.mark(GroupWatchMark(group: try #require(shows[1].group), watched: false))
        shows = try await Self.all(provider, .shows, pageSize: 50)
        #expect(shows[1].group?.progress == GroupProgress())
        marks = try await store.allMarks()
        #expect(marks["/tv/Night Harbor/S2E3.mkv"] == WatchMark())
        withExtendedLifetime(folder) {}
    }

    @Test("a page of shows counts its progress the same from the marks as from the episodes")
    func progressBothWays() async throws {
        let (folder, provider) = try await Self.library()
        let store = LibraryWatchStore(database: provider.database)
        try await store.save(["/tv/Night Harbor/S1E1.mkv": WatchMark(watched: true), "/tv/Night Harbor/S2E1.mkv": WatchMark(position: 300),
                              "/tv/Zeta/S3E3.mkv": WatchMark(watched: true), "/tv/Day Harbor/S1E2.mkv": WatchMark(),
                              "/films/Alpha.mkv": WatchMark(watched: true)])
        let shows = ["Day Harbor", "Night Harbor", "Zeta"].map { (LibraryProvider.episodeRange(of: $0, season: nil), 3) }
        let expected = [GroupProgress(), GroupProgress(watched: 1, inProgress: 1), GroupProgress(watched: 1)]
        for way in [true, false] {
            let progress = try await provider.database.read { db in try LibraryProvider.progress(ofShows: shows, in: db, fromMarks: way) }
            #expect(progress == expected, "from the marks: \(way)")
        }
        // One show alone, and the last of the page.
        let zeta = try await provider.database.read { db in try LibraryProvider.progress(ofShows: [shows[2]], in: db, fromMarks: true) }
        #expect(zeta == [GroupProgress(watched: 1)])
        withExtendedLifetime(folder) {}
    }

    @Test("the newest mark of a title wins; a time ahead of the clock counts as now")
    func newestMarkWins() async throws {
        let (folder, database) = try await Self.smallLibrary()
        let store = LibraryWatchStore(database: database)
        let key = "/films/Alpha.mkv"
        #expect(try await store.save(states: [key: WatchState(watched: true, position: 0, updated: 2_000)]) == 1)
        // Older: left as it is.
        #expect(try await store.save(states: [key: WatchState(watched: false, position: 0, updated: 1_000)]) == 0)
        #expect(try await store.allMarks()[key] == WatchMark(watched: true))
        // Newer: an un-mark, kept as one.
        try await store.save(states: [key: WatchState(watched: false, position: 0, updated: 3_000)])
        #expect(try await store.allMarks()[key] == WatchMark())
        // From the future: counted as now, so that a mark set after it still wins.
        try await store.save(states: [key: WatchState(watched: true, position: 0, updated: Int64.max / 2)])
        #expect(try await store.allStates()[key]?.updated ?? .max <= LibraryDatabase.now())
        try await store.save([key: WatchMark(position: 120)])
        #expect(try await store.allMarks()[key] == WatchMark(position: 120))
        withExtendedLifetime(folder) {}
    }
}
