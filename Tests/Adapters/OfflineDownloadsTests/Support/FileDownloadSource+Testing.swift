import Catalog
import OfflineDownloads

extension FileDownloadSource {
    /// Whether `existingCopy(of:)` finds the title's files (its tuple is not `Equatable`).
    func hasCopy(of title: Title) -> Bool { existingCopy(of: title) != nil }
}

extension Title {
    /// A title whose media is at `video` (and `subtitles`).
    static func remote(_ id: String = "t1", name: String = "A Film", video: String, subtitles: String? = nil) -> Title {
        Title(id: id, title: name, year: 2024, genre: "Drama", duration: 10, introStart: 0, introEnd: 0,
              creditsStart: 10, media: TitleMedia(video: video, subtitles: subtitles))
    }
}
