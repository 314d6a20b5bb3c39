import Catalog

/// A title as `spindle serve` hands it out: the row's number (the server's public id is made
/// from it, never from a path), the title, and the local files it may stream.
///
///     let served = try await database.servedTitle(rowID: 42)
///     served?.videoFile   // "/media/films/Amelie (2001).mkv", or nil for a URL or no media
package struct ServedTitle: Equatable, Sendable {
    package var rowID: Int64
    package var title: Title
    /// The video's absolute path on this machine; nil when the title's video is a URL or absent.
    package var videoFile: String?
    /// The subtitles' absolute path on this machine, when they are a local file.
    package var subtitlesFile: String?

    package init(rowID: Int64, title: Title, videoFile: String?, subtitlesFile: String?) {
        self.rowID = rowID
        self.title = title
        self.videoFile = videoFile
        self.subtitlesFile = subtitlesFile
    }

    /// `value` when it is an absolute local path (not a URL, not relative).
    static func localFile(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }
}
