import Catalog
import Downloads
import FileDownload
import TestServers
import TestSupport
import Foundation
import OfflineDownloads
import Testing

extension OfflineDownloadsTests {
    /// Cancels, restarts of the app (a new source on the same folder), finished files found again.
    @Suite struct Restart {
        /// Starts a transfer of `title`'s video that the server stalls after `bytes`, waits for
        /// them, and cancels the task consuming it.
        private func cancelled(_ source: FileDownloadSource, _ title: Title, server: FileServer, after bytes: Int) async {
            server.queue(.stallAfter(Int64(bytes)))
            let log = ProgressLog()
            let consumer = Task { try await log.consume(source.transfer(.video, of: title)) }
            await log.waitUntilReceived(bytes)
            consumer.cancel()
            _ = await consumer.result
            #expect(log.finishedPath == nil)
        }

        @Test func aCancelledTransferKeepsItsPartAndANewSourceResumesIt() async throws {
            let content = ServedContent.random(size: 2 << 20)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".mkv")
            let first = FileDownloadSource(directory: downloads.path, downloader: FileDownloader(progressStep: 1))
            await cancelled(first, title, server: server, after: 300_000)
            let folder = first.folder(for: title)
            #expect(!TempFolder.exists(folder + "/A Film.mkv"))
            #expect(TempFolder.exists(folder + "/A Film.mkv.part.json"))

            // As after a restart: another source, the same folder.
            let second = FileDownloadSource(directory: downloads.path)
            #expect(second.folder(for: title) == folder)
            let log = ProgressLog()
            try await log.consume(second.transfer(.video, of: title))
            #expect(server.requests.map(\.range) == [nil, "bytes=300000-"])
            #expect(log.all.prefix(2) == [.size(Int(content.size)), .resumed(300_000)])
            #expect(Checksum.of(file: folder + "/A Film.mkv") == Checksum.of(content))
            #expect(TempFolder.contents(of: folder) == ["A Film.mkv", "title.json"])
        }

        @Test func aTransferStartedRightAfterACancelWaitsForTheOldOneAndResumes() async throws {
            let content = ServedContent.random(size: 2 << 20)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".mkv")
            let source = FileDownloadSource(directory: downloads.path, downloader: FileDownloader(progressStep: 1))
            server.queue(.stallAfter(400_000))
            let log = ProgressLog()
            let consumer = Task { try await log.consume(source.transfer(.video, of: title)) }
            await log.waitUntilReceived(400_000)
            consumer.cancel()
            // No waiting for the old transfer to let go of its part: the new one does.
            let again = ProgressLog()
            try await again.consume(source.transfer(.video, of: title))
            #expect(server.requests.map(\.range) == [nil, "bytes=400000-"])
            #expect(Checksum.of(file: source.folder(for: title) + "/A Film.mkv") == Checksum.of(content))
        }

        @Test func aFinishedFileIsReportedWithoutFetchingAgain() async throws {
            let content = ServedContent.random(size: 500_000)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".mkv", subtitles: server.url + ".vtt")
            let source = FileDownloadSource(directory: downloads.path)
            try await ProgressLog().consume(source.transfer(.video, of: title))
            #expect(!source.hasCopy(of: title))   // the subtitles are missing
            try await ProgressLog().consume(source.transfer(.subtitles, of: title))
            #expect(server.requests.count == 2)
            let copy = try #require(source.existingCopy(of: title))
            #expect(copy.video == source.folder(for: title) + "/A Film.mkv")
            #expect(copy.subtitles == source.folder(for: title) + "/subtitles.vtt")

            // As after a crash between the rename and the app's record of it.
            let log = ProgressLog()
            try await log.consume(FileDownloadSource(directory: downloads.path).transfer(.video, of: title))
            #expect(log.all == [.size(500_000), .resumed(500_000), .finished(localPath: copy.video)])
            #expect(server.requests.count == 2)
        }
    }
}
