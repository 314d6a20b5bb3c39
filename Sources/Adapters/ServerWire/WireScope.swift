import Catalog

/// A list's scope in a `GET /v1/titles` query: `scope=films`, `scope=shows`, `show=NAME` (its
/// seasons), `show=NAME&season=N` (a season's episodes); none for the whole library. A folder
/// scope is the server's own business and is not sent.
///
///     WireScope.query(for: .season(show: "Night Harbor", 2))   // "show=Night%20Harbor&season=2"
package enum WireScope {
    /// The query parameters for `scope` (starting with `&`), empty for the whole library.
    package static func query(for scope: ListScope) -> String {
        switch scope {
        case .all, .folder: ""
        case .home: "&scope=home"
        case .films: "&scope=films"
        case .shows: "&scope=shows"
        case .show(let show): "&show=" + PercentEncoding.encode(show)
        case .season(let show, let season): "&show=" + PercentEncoding.encode(show) + "&season=\(season)"
        }
    }

    /// The scope a request's query names; nil when it names none the server knows.
    package static func scope(from query: QueryString) -> ListScope? {
        if let show = query["show"] {
            guard !show.isEmpty else { return nil }
            guard let text = query["season"] else { return query["scope"] == nil ? .show(show) : nil }
            guard let season = Int(text), (0 ... 100_000).contains(season) else { return nil }
            return .season(show: show, season)
        }
        switch query["scope"] {
        case nil, "all": return .all
        case "home": return .home
        case "films": return .films
        case "shows": return .shows
        default: return nil
        }
    }
}

/// A row that stands for a show or a season (`TitleGroup`), in a page's JSON:
/// `{"show":"Night Harbor","seasons":2,"episodes":6}`, or with `season` for a season's row.
package struct WireGroup: Equatable, Sendable, Codable {
    package var show: String
    package var season: Int?
    package var seasons: Int?
    package var episodes: Int

    package init(_ group: TitleGroup) {
        switch group {
        case let .show(show, seasons, episodes): self.init(show: show, season: nil, seasons: seasons, episodes: episodes)
        case let .season(show, season, episodes): self.init(show: show, season: season, seasons: nil, episodes: episodes)
        }
    }

    package init(show: String, season: Int?, seasons: Int?, episodes: Int) {
        self.show = show
        self.season = season
        self.seasons = seasons
        self.episodes = episodes
    }

    package var group: TitleGroup {
        if let season { return .season(show: show, season, episodes: episodes) }
        return .show(show, seasons: seasons ?? 1, episodes: episodes)
    }
}

/// A view's order and filter in a `GET /v1/titles` query: `order=year|added|length`,
/// `genre=NAME`, `decade=1990`; none for the library's order and every title.
///
///     WireOrder.query(order: .year, filter: ListFilter(genre: "Drama"))   // "&order=year&genre=Drama"
package enum WireOrder {
    package static func query(order: ListOrder, filter: ListFilter) -> String {
        var text = order == .title ? "" : "&order=" + order.rawValue
        if let genre = filter.genre { text += "&genre=" + PercentEncoding.encode(genre) }
        if let decade = filter.decade { text += "&decade=\(decade)" }
        return text
    }

    /// The order a query names; nil when it names one the server does not know.
    package static func order(from query: QueryString) -> ListOrder? {
        guard let text = query["order"] else { return .title }
        return ListOrder(rawValue: text)
    }

    /// The filter a query names; nil when it is not one (an empty or over-long genre, a decade
    /// that is not a year's).
    package static func filter(from query: QueryString) -> ListFilter? {
        var filter = ListFilter()
        if let genre = query["genre"] {
            guard !genre.isEmpty, genre.count <= 200 else { return nil }
            filter.genre = genre
        }
        if let text = query["decade"] {
            guard let decade = Int(text), (1000 ... 9999).contains(decade) else { return nil }
            filter = ListFilter(genre: filter.genre, decade: decade)
        }
        return filter
    }
}
