/// Where a title's picture and sound come from, for titles that play for real (in mpv): a file
/// path or an http(s) URL, and optional subtitles.
///
/// The catalog may leave the duration, the intro and the credits out for such a title; the
/// player then takes them from the media (mpv's duration and chapters). The flags say which the
/// catalog gave, since those win over the media's.
///
///     Title(id: "t1", title: "Clip", year: 2024, genre: "", duration: 0, introStart: 0, introEnd: 0,
///           creditsStart: 0, media: TitleMedia(video: "/srv/clip.mkv", knowsDuration: false))
package struct TitleMedia: Equatable, Hashable, Sendable, Codable {
    /// A path (absolute, or relative to the catalog file) or an http(s) URL.
    package var video: String
    package var subtitles: String?
    /// The catalog gave `duration`.
    package var knowsDuration: Bool
    /// The catalog gave `intro_start` and `intro_end`.
    package var knowsIntro: Bool
    /// The catalog gave `credits_start`.
    package var knowsCredits: Bool
    /// Why the media could not be read when it was scanned (ffprobe's words), if it could not.
    package var problem: String?

    package init(
        video: String, subtitles: String? = nil,
        knowsDuration: Bool = true, knowsIntro: Bool = true, knowsCredits: Bool = true, problem: String? = nil
    ) {
        self.video = video
        self.subtitles = subtitles
        self.knowsDuration = knowsDuration
        self.knowsIntro = knowsIntro
        self.knowsCredits = knowsCredits
        self.problem = problem
    }
}
