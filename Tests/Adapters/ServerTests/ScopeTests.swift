import Foundation
import ServerWire
import Testing

/// Scoped lists over HTTP: `scope=films`, `scope=shows`, `show=NAME`, `show=NAME&season=N`.
@Suite struct ServedScopeTests {
    @Test("shows come one row each with their counts; a show's seasons; a season's episodes; next links keep the scope")
    func showsSeasonsEpisodes() async throws {
        try await TestServer.with { server in
            // The generated library has one show: every fourth of its 230 titles, over 6 seasons.
            let shows = try await server.get("/v1/titles?scope=shows&limit=3").json(WirePage.self)
            #expect(shows.titles.count == 1 && shows.total == 1)
            let first = try #require(shows.titles.first)
            let group = try #require(first.group)
            #expect(group.show == first.title && group.seasons == 6 && group.episodes == 57)

            let name = PercentEncoding.encode(first.title)
            let seasons = try await server.get("/v1/titles?show=\(name)").json(WirePage.self)
            #expect(seasons.titles.first?.title == "Season 1")
            #expect(seasons.titles.first?.group?.season == 1)
            let episodes = try await server.get("/v1/titles?show=\(name)&season=1").json(WirePage.self)
            #expect(!episodes.titles.isEmpty)
            #expect(episodes.titles.allSatisfy { $0.title.hasPrefix(first.title + " S01E") && $0.group == nil })

            let films = try await server.get("/v1/titles?scope=films&limit=200").json(WirePage.self)
            #expect(films.titles.allSatisfy { !$0.title.contains(" S0") && !$0.title.contains(" S1") })
            #expect(films.total == 230 - 57 + 6, "the generated films and the catalog's six")
            let firstFilms = try await server.get("/v1/titles?scope=films&limit=3").json(WirePage.self)
            #expect(firstFilms.next?.contains("scope=films") == true, "next links keep the scope")
            #expect(try await server.get("/v1/titles?scope=bogus").status == 400)
        }
    }
}
