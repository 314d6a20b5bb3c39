import Catalog

/// What Spindle knows of a media file: from its name (`FileNameParser`) and from ffprobe, whose
/// embedded tags win over the name.
///
///     MediaFacts(title: "Pilot", show: "Show Name", season: 1, episode: 1, duration: 1312.5)
package struct MediaFacts: Equatable, Sendable, Codable {
    /// The film's title, or the episode's own title (may be empty for an episode).
    package var title: String
    package var show: String?
    package var season: Int?
    package var episode: Int?
    package var year: Int?
    package var genre: String?
    /// Seconds; nil when the container does not tell.
    package var duration: Double?
    package var chapters: [Chapter]
    /// Whether the file has a picture (a video stream that is not cover art).
    package var hasVideo: Bool
    /// A subtitles file beside the media, with the same name (`Film.srt` for `Film.mkv`).
    package var subtitles: String?

    package init(
        title: String, show: String? = nil, season: Int? = nil, episode: Int? = nil, year: Int? = nil,
        genre: String? = nil, duration: Double? = nil, chapters: [Chapter] = [], hasVideo: Bool = true,
        subtitles: String? = nil
    ) {
        self.title = title
        self.show = show
        self.season = season
        self.episode = episode
        self.year = year
        self.genre = genre
        self.duration = duration
        self.chapters = chapters
        self.hasVideo = hasVideo
        self.subtitles = subtitles
    }
}
