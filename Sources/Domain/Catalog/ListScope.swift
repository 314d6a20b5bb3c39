/// Which titles a list shows: the whole catalog, its films, its shows (one row each), a show's
/// seasons, a season's episodes, or the titles of one media folder. A search looks in the whole
/// catalog, whatever the scope.
///
///     PageRequest(scope: .shows, pageSize: 50)                          // Night Harbor, …
///     PageRequest(scope: .season(show: "Night Harbor", 1), pageSize: 50) // its episodes
package enum ListScope: Hashable, Sendable, Codable {
    /// What to watch now: titles left part way (continue watching), the next episode of each
    /// show in progress (next up), and the titles added last (recently added), in that order.
    case home
    case all
    case films
    case shows
    /// A show's seasons (one row each).
    case show(String)
    /// A season's episodes (season 0: a show's episodes without a season number).
    case season(show: String, Int)
    /// The Home of a media folder (an absolute path; `spindle DIR`): its titles left part way and
    /// its shows' next episodes first, then all its titles, in order (only these when ordered or
    /// filtered).
    case folder(String)

    /// The scope a group row leads into (Enter on it).
    package static func inside(_ group: TitleGroup) -> ListScope {
        switch group {
        case .show(let show, _, _): .show(show)
        case .season(let show, let season, _): .season(show: show, season)
        }
    }

    /// What a header says of it.
    package var label: String {
        switch self {
        case .home: "Home"
        case .all: "All"
        case .films: "Films"
        case .shows: "Shows"
        case .show(let show): "Shows › \(show)"
        case .season(let show, let season): season == 0 ? "Shows › \(show)" : "Shows › \(show) › Season \(season)"
        case .folder(let path): path
        }
    }
}

/// A row that stands for several titles: a show (in the Shows list) or one of its seasons (in a
/// show's list). Enter goes into it (`ListScope.inside`).
package enum TitleGroup: Hashable, Sendable, Codable {
    case show(String, seasons: Int, episodes: Int)
    case season(show: String, Int, episodes: Int)

    /// How many episodes it holds.
    package var episodes: Int {
        switch self {
        case .show(_, _, let episodes), .season(_, _, let episodes): episodes
        }
    }

    /// What a row shows in its genre column: a show's seasons ("2 seasons"); nothing for a season.
    package var seasonsText: String {
        guard case .show(_, let seasons, _) = self else { return "" }
        return CountText.of(seasons, "season", "seasons")
    }

    /// "2 seasons · 6 episodes", "3 episodes".
    package var summary: String {
        switch self {
        case .show(_, let seasons, let episodes):
            (seasons > 1 ? CountText.of(seasons, "season", "seasons") + " · " : "") + CountText.of(episodes, "episode", "episodes")
        case .season(_, _, let episodes):
            CountText.of(episodes, "episode", "episodes")
        }
    }
}
