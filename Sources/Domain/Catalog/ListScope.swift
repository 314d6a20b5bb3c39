import TextFormat
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
        case .show(let show, _, _, _): .show(show)
        case .season(let show, let season, _, _): .season(show: show, season)
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
///
/// What was watched of it (`progress`) is derived from its episodes' marks when the row is read,
/// never kept beside them: nil when the catalog does not say.
package enum TitleGroup: Hashable, Sendable, Codable {
    case show(String, seasons: Int, episodes: Int, progress: GroupProgress? = nil)
    case season(show: String, Int, episodes: Int, progress: GroupProgress? = nil)

    /// How many episodes it holds.
    package var episodes: Int {
        switch self {
        case .show(_, _, let episodes, _), .season(_, _, let episodes, _): episodes
        }
    }

    /// The show it is, or whose season it is.
    package var show: String {
        switch self {
        case .show(let show, _, _, _), .season(let show, _, _, _): show
        }
    }

    /// What was watched of its episodes, when the catalog said.
    package var progress: GroupProgress? {
        get {
            switch self {
            case .show(_, _, _, let progress), .season(_, _, _, let progress): progress
            }
        }
        set {
            switch self {
            case .show(let show, let seasons, let episodes, _): self = .show(show, seasons: seasons, episodes: episodes, progress: newValue)
            case .season(let show, let season, let episodes, _): self = .season(show: show, season, episodes: episodes, progress: newValue)
            }
        }
    }

    /// Whether every episode of it was watched.
    package var isWatched: Bool {
        guard let progress, episodes > 0 else { return false }
        return progress.watched >= episodes
    }

    /// What a row shows in its genre column: a show's seasons ("2 seasons"); nothing for a season.
    package var seasonsText: String {
        guard case .show(_, let seasons, _, _) = self else { return "" }
        return CountText.of(seasons, "season", "seasons")
    }

    /// "2 seasons · 6 episodes", "3 episodes".
    package var summary: String {
        switch self {
        case .show(_, let seasons, let episodes, _):
            (seasons > 1 ? CountText.of(seasons, "season", "seasons") + " · " : "") + CountText.of(episodes, "episode", "episodes")
        case .season(_, _, let episodes, _):
            CountText.of(episodes, "episode", "episodes")
        }
    }
}

/// What was watched of a show's or a season's episodes, counted from their marks: how many were
/// seen to their end, and how many were left part way.
///
///     GroupProgress(watched: 2, inProgress: 1)   // "◐ 2 / 6" on a row of 6 episodes
package struct GroupProgress: Hashable, Sendable, Codable {
    package var watched: Int
    package var inProgress: Int

    package init(watched: Int = 0, inProgress: Int = 0) {
        self.watched = max(0, watched)
        self.inProgress = max(0, inProgress)
    }
}
