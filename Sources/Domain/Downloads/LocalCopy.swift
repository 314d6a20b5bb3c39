/// Where a downloaded title is stored: its video, and its subtitles if it has some.
///
///     let copy = try await actions.download(title)   // LocalCopy(video: "downloads/film/video", subtitles: nil)
package struct LocalCopy: Equatable, Hashable, Sendable, Codable {
    package var video: String
    package var subtitles: String?

    package init(video: String, subtitles: String? = nil) {
        self.video = video
        self.subtitles = subtitles
    }
}
