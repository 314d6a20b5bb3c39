import Catalog

/// One of the files a title's download is made of: the video, and its subtitles if it has any.
///
///     DownloadPart.parts(of: title)   // [.video, .subtitles] when the title's media names subtitles
package enum DownloadPart: String, Hashable, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
    case video
    case subtitles

    /// The parts of `title`: the video always, the subtitles when its media names some.
    package static func parts(of title: Title) -> [DownloadPart] {
        title.media?.subtitles == nil ? [.video] : [.video, .subtitles]
    }
}
