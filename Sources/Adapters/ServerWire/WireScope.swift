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

    /// The scope a request's query names (`query` gives a parameter's value by its name); nil
    /// when it names none the server knows.
    package static func scope(from query: (String) -> String?) -> ListScope? {
        if let show = query("show") {
            guard !show.isEmpty else { return nil }
            guard let text = query("season") else { return query("scope") == nil ? .show(show) : nil }
            guard let season = Int(text), (0 ... 100_000).contains(season) else { return nil }
            return .season(show: show, season)
        }
        switch query("scope") {
        case nil, "all": return .all
        case "home": return .home
        case "films": return .films
        case "shows": return .shows
        default: return nil
        }
    }
}

/// A row that stands for a show or a season (`TitleGroup`), in a page's JSON:
/// `{"show":"Night Harbor","seasons":2,"episodes":6,"watched":2,"in_progress":1}`, or with
/// `season` for a season's row. `watched` and `in_progress` count its episodes watched and
/// left part way; absent from servers that do not count them.
package struct WireGroup: Equatable, Sendable, Codable {
    package var show: String
    package var season: Int?
    package var seasons: Int?
    package var episodes: Int
    package var watched: Int?
    package var inProgress: Int?

    enum CodingKeys: String, CodingKey {
        case show, season, seasons, episodes, watched
        case inProgress = "in_progress"
    }

    package init(_ group: TitleGroup) {
        switch group {
        case let .show(show, seasons, episodes, progress):
            self.init(show: show, season: nil, seasons: seasons, episodes: episodes, progress: progress)
        case let .season(show, season, episodes, progress):
            self.init(show: show, season: season, seasons: nil, episodes: episodes, progress: progress)
        }
    }

    package init(show: String, season: Int?, seasons: Int?, episodes: Int, progress: GroupProgress? = nil) {
        self.show = show
        self.season = season
        self.seasons = seasons
        self.episodes = episodes
        watched = progress?.watched
        inProgress = progress?.inProgress
    }

    package var group: TitleGroup {
        // The server's word: counts within the group's episodes.
        let episodes = max(0, episodes)
        let progress = watched.map { GroupProgress(watched: min($0, episodes), inProgress: min(inProgress ?? 0, episodes)) }
        if let season { return .season(show: show, season, episodes: episodes, progress: progress) }
        return .show(show, seasons: seasons ?? 1, episodes: episodes, progress: progress)
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
    package static func order(from query: (String) -> String?) -> ListOrder? {
        guard let text = query("order") else { return .title }
        return ListOrder(rawValue: text)
    }

    /// The filter a query names; nil when it is not one (an empty or over-long genre, a decade
    /// that is not a year's).
    package static func filter(from query: (String) -> String?) -> ListFilter? {
        var filter = ListFilter()
        if let genre = query("genre") {
            guard !genre.isEmpty, genre.count <= 200 else { return nil }
            filter.genre = genre
        }
        if let text = query("decade") {
            guard let decade = Int(text), (1000 ... 9999).contains(decade) else { return nil }
            filter = ListFilter(genre: filter.genre, decade: decade)
        }
        return filter
    }
}
