import Catalog
import Downloads
import FileDownload
import Foundation
@testable import OfflineDownloads
import TestServers
import TestSupport
import Testing

extension OfflineDownloadsTests {
    /// The name a video is stored under: its title's, made safe, with its source's extension.
    @Suite struct VideoName {
        @Test("the title's name made safe: no '/', no control or format character, no leading dot, bounded")
        func safeNames() {
            #expect(VideoFileName.safe("Amélie / le film: 2001?") == "Amélie - le film: 2001?")
            #expect(VideoFileName.safe("Bad\u{1B}[31m\nName\u{202E}\u{0}") == "Bad[31mName")
            #expect(VideoFileName.safe("../../etc/passwd") == "etc-passwd")
            #expect(VideoFileName.safe("  .hidden. ") == "hidden")
            #expect(VideoFileName.safe("") == "video")
            #expect(VideoFileName.safe("title.json") == "video", "the manifest's name is not taken")
            #expect(VideoFileName.safe("Subtitles.srt") == "video", "nor the subtitles'")
            let long = VideoFileName.safe(String(repeating: "長", count: 100))
            #expect(long.utf8.count <= VideoFileName.byteLimit)
            #expect(long == String(repeating: "長", count: VideoFileName.byteLimit / 3))
        }

        @Test("the extension comes from the URL's path, else from the Content-Type")
        func extensions() {
            #expect(VideoFileName.make(title: "Clip", address: "http://h/a/Clip.MKV?x=1") == "Clip.mkv")
            #expect(VideoFileName.make(title: "Clip", address: "http://h/v1/titles/t1/video") == "Clip")
            #expect(VideoFileName.fileExtension(contentType: "video/x-matroska") == ".mkv")
            #expect(VideoFileName.fileExtension(contentType: "Video/MP4; codecs=\"avc1\"") == ".mp4")
            #expect(VideoFileName.fileExtension(contentType: "application/octet-stream") == nil)
            #expect(VideoFileName.fileExtension(contentType: "text/html") == nil)
        }

        @Test("a URL without extension and a type that names no media: the title's name alone")
        func noExtensionAnywhere() async throws {
            let server = try await FileServer.start(.random(size: 64 << 10))
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(name: "Night / Harbor", video: server.url)
            let source = FileDownloadSource(directory: downloads.path)
            let log = ProgressLog()
            try await log.consume(source.transfer(.video, of: title))
            #expect(log.finishedPath == source.folder(for: title) + "/Night - Harbor")
            #expect(source.existingCopy(of: title)?.video == source.folder(for: title) + "/Night - Harbor")
        }

        @Test("a video stored as `video`, before videos took their title's name, is still found and plays")
        func olderNameStillFound() async throws {
            let server = try await FileServer.start(.random(size: 64 << 10))
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            for (title, older) in [(Title.remote(video: server.url), "video"), (Title.remote("t2", video: server.url + "/b.mkv"), "video.mkv")] {
                let source = FileDownloadSource(directory: downloads.path)
                let folder = source.folder(for: title)
                let stored = try downloads.write("older bytes", to: (folder as NSString).lastPathComponent + "/" + older)
                try JSONEncoder().encode(title).write(to: URL(fileURLWithPath: folder + "/title.json"))
                #expect(source.existingCopy(of: title)?.video == stored)
                #expect(source.storedTitles().contains { $0.copy == LocalCopy(video: stored) })
                // Asked again (a lost journal): reported at once, nothing fetched.
                let log = ProgressLog()
                try await log.consume(source.transfer(.video, of: title))
                #expect(log.finishedPath == stored)
            }
            #expect(server.requests.isEmpty)
        }
    }
}
