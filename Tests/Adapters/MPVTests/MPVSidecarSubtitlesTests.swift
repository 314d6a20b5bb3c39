import Catalog
import Foundation
@testable import MPV
import Player
import SpinTesting
import TestSupport
import Testing

/// A subtitle file beside the video, named as it is: mpv loads it by itself, and the title
/// names it too. The track picker lists it once.
@Suite("MPVEngine and a subtitle file beside the video, in a real mpv", .serialized, .waitsInRealTime, .needsMPVAndFFmpeg)
struct MPVSidecarSubtitlesTests {
    @Test("a .srt named as the video is listed once, and plays", arguments: ["movie.srt", "./movie.srt"])
    func listedOnce(subtitlesName: String) async throws {
        let folder = try TempFolder(prefix: "spindle-sidecar")
        let video = folder.file("movie.mkv")
        try FileManager.default.copyItem(atPath: try TestMedia.clip(), toPath: video)
        try folder.write("1\n00:00:00,000 --> 00:00:05,000\nHello\n", to: "movie.srt")
        let title = Title(id: "sidecar", title: "Sidecar", year: 2024, genre: "Test", duration: TestMedia.duration,
                          introStart: 0, introEnd: 0, creditsStart: TestMedia.duration,
                          media: TitleMedia(video: video, subtitles: folder.path + "/" + subtitlesName))
        let engine = MPVEngine(options: .test())
        var opened = OpenedTitle(title, engine: engine)
        let info = try await opened.loaded()
        let subtitles = info.tracks.filter { $0.kind == .subtitles }
        #expect(subtitles.count == 1, "\(subtitles)")
        #expect(subtitles.first?.isSelected == true)
        await opened.close()
    }
}
