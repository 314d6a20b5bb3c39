/// Where a downloaded title is stored: its video, and its subtitles if it has some.
///
///     let copy = try await actions.download(title)   // LocalCopy(video: "downloads/film/video", subtitles: nil)
public struct LocalCopy: Equatable, Hashable, Sendable, Codable {
    public var video: String
    public var subtitles: String?

    public init(video: String, subtitles: String? = nil) {
        self.video = video
        self.subtitles = subtitles
    }
}
