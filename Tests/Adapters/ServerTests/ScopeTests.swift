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

/// Views in another order and filtered, over HTTP: `order=`, `genre=`, `decade=`; `/v1/facets`.
@Suite struct ServedOrderTests {
    @Test("order=year pages newest first and its next links keep the order and filter; facets; bad values refused")
    func orderAndFilter() async throws {
        try await TestServer.with { server in
            let facets = try await server.get("/v1/facets").json(ListFacetsWire.self)
            #expect(!facets.genres.isEmpty && !facets.decades.isEmpty)
            #expect(facets.decades == facets.decades.sorted(by: >))
            let genre = try #require(facets.genres.first)
            let encoded = PercentEncoding.encode(genre)

            var years: [Int] = []
            var url = "/v1/titles?scope=films&limit=7&order=year&genre=\(encoded)"
            var total: Int?
            while true {
                let page = try await server.get(url).json(WirePage.self)
                total = total ?? page.total
                years += page.titles.map { $0.year ?? 0 }
                #expect(page.titles.allSatisfy { $0.genre?.lowercased() == genre.lowercased() })
                guard let next = page.next else { break }
                #expect(next.contains("order=year") && next.contains("genre="), "\(next)")
                url = String(next[next.range(of: "/v1/")!.lowerBound...])
            }
            #expect(!years.isEmpty && years.count == total)
            let known = years.filter { $0 > 0 }
            #expect(known == known.sorted(by: >), "newest first")

            let decade = try #require(facets.decades.last)
            let old = try await server.get("/v1/titles?decade=\(decade)&limit=200").json(WirePage.self)
            #expect(!old.titles.isEmpty && old.titles.allSatisfy { ($0.year ?? 0) / 10 * 10 == decade })
            #expect(old.total == old.titles.count)

            #expect(try await server.get("/v1/titles?order=bogus").status == 400)
            #expect(try await server.get("/v1/titles?decade=nineties").status == 400)
            #expect(try await server.get("/v1/titles?genre=").status == 400)
        }
    }

    /// `ListFacets` as the wire has it.
    struct ListFacetsWire: Decodable {
        var genres: [String]
        var decades: [Int]
    }
}
