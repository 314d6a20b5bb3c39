/// What a file's name tells, as `FileNameParser` reads it: a show's episode (show, season,
/// episode and the episode's own title) or a film (title and year).
///
///     FileNameParser.parse("Show.Name.S01E02.Pilot.1080p.WEB-DL.x264-GRP")
///     // ParsedName(title: "Pilot", show: "Show Name", season: 1, episode: 2)
package struct ParsedName: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The film's title, or the episode's own title (empty when the name has none).
    package var title: String
    /// The show, for an episode; nil for a film.
    package var show: String?
    package var season: Int?
    package var episode: Int?
    package var year: Int?

    package init(title: String, show: String? = nil, season: Int? = nil, episode: Int? = nil, year: Int? = nil) {
        self.title = title
        self.show = show
        self.season = season
        self.episode = episode
        self.year = year
    }

    package var description: String {
        var parts = ["title: \"\(title)\""]
        if let show { parts.append("show: \"\(show)\"") }
        if let season { parts.append("season: \(season)") }
        if let episode { parts.append("episode: \(episode)") }
        if let year { parts.append("year: \(year)") }
        return "ParsedName(\(parts.joined(separator: ", ")))"
    }
}
