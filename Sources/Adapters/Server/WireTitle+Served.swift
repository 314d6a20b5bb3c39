import Library
import ServerWire

extension WireTitle {
    /// The title as the server sends it: its public id, what the library knows (unknown times,
    /// year and genre left out), and the server paths of its files. A video that is a URL (an
    /// imported catalog's stream) is sent as it is; the client plays it from there.
    init(served: ServedTitle) {
        let title = served.title
        let media = title.media
        let id = PublicID.string(served.rowID)
        let knowsDuration = media?.knowsDuration ?? true
        let knowsIntro = media?.knowsIntro ?? true
        let knowsCredits = media?.knowsCredits ?? true
        let video = served.videoFile == nil ? Self.url(media?.video) : WireProtocol.titlesPath + "/" + id + "/video"
        let subtitles = served.subtitlesFile == nil ? Self.url(media?.subtitles) : WireProtocol.titlesPath + "/" + id + "/subtitles"
        self.init(
            id: id, title: title.title,
            year: title.year == 0 ? nil : title.year,
            genre: title.genre.isEmpty ? nil : title.genre,
            duration: knowsDuration ? title.duration : nil,
            introStart: knowsIntro ? title.introStart : nil,
            introEnd: knowsIntro ? title.introEnd : nil,
            creditsStart: knowsCredits ? title.creditsStart : nil,
            video: video,
            subtitles: subtitles,
            problem: media?.problem
        )
    }

    /// `value` when it is an http(s) URL.
    private static func url(_ value: String?) -> String? {
        guard let value, value.hasPrefix("http://") || value.hasPrefix("https://") else { return nil }
        return value
    }
}
