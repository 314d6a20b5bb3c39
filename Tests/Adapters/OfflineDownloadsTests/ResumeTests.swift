import Catalog
import Downloads
import FileDownload
import TestServers
import TestSupport
import OfflineDownloads
import Testing

extension OfflineDownloadsTests {
    /// Against the fault-injecting `FileServer`: drops, ignored ranges, a changed file.
    @Suite struct Resume {
        /// A first transfer that breaks off after `bytes`: it fails, leaving a part and no final file.
        private func interrupted(
            _ source: FileDownloadSource, _ title: Title, server: FileServer, after bytes: Int64
        ) async throws -> Int {
            server.queue(.dropAfter(bytes))
            let log = ProgressLog()
            let error = await #expect(throws: DownloadError.self) { try await log.consume(source.transfer(.video, of: title)) }
            #expect(error?.message.hasPrefix("the connection closed after ") == true)
            #expect(error?.message.hasSuffix("(run again to resume)") == true)
            #expect(error?.message.contains("\n") == false)
            #expect(log.finishedPath == nil)
            let folder = source.folder(for: title)
            #expect(!TempFolder.exists(folder + "/A Film.bin"))
            #expect(TempFolder.exists(folder + "/A Film.bin.part.json"))
            return try #require(TempFolder.size(folder + "/A Film.bin.part"))
        }

        @Test func aDroppedConnectionKeepsThePartAndTheNextTransferResumesWithRange() async throws {
            let content = ServedContent.random(size: 3 << 20)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".bin")
            let source = FileDownloadSource(directory: downloads.path, downloader: FileDownloader(progressStep: 64 << 10))
            let part = try await interrupted(source, title, server: server, after: 1 << 20)
            #expect(part > 0 && part <= 1 << 20)

            let log = ProgressLog()
            try await log.consume(source.transfer(.video, of: title))
            #expect(server.requests.map(\.range) == [nil, "bytes=\(part)-"])
            // The part's bytes are told first, as resumed (they did not arrive now), then the running total.
            #expect(log.all.prefix(2) == [.size(Int(content.size)), .resumed(part)])
            #expect(log.isInOrder)
            let path = source.folder(for: title) + "/A Film.bin"
            #expect(log.finishedPath == path)
            #expect(Checksum.of(file: path) == Checksum.of(content))
            #expect(TempFolder.contents(of: source.folder(for: title)) == ["A Film.bin", "title.json"])
        }

        @Test func aServerIgnoringTheRangeRestartsCleanly() async throws {
            let content = ServedContent.random(size: 2 << 20)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".bin")
            let source = FileDownloadSource(directory: downloads.path)
            let part = try await interrupted(source, title, server: server, after: 700_000)
            server.queue(.ignoreRange)
            let log = ProgressLog()
            try await log.consume(source.transfer(.video, of: title))
            #expect(server.requests.map(\.range) == [nil, "bytes=\(part)-"])
            #expect(log.all.prefix(2) == [.size(Int(content.size)), .received(0)])
            #expect(Checksum.of(file: source.folder(for: title) + "/A Film.bin") == Checksum.of(content))
        }

        @Test func aChangedETagRestartsWithTheNewFile() async throws {
            let server = try await FileServer.start(.random(size: 2 << 20))
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".bin")
            let source = FileDownloadSource(directory: downloads.path)
            _ = try await interrupted(source, title, server: server, after: 500_000)
            let changed = ServedContent.random(size: 2 << 20)
            server.content = changed
            server.etag = "\"v2\""
            try await ProgressLog().consume(source.transfer(.video, of: title))
            #expect(server.requests.last?.ifRange == "\"v1\"")
            #expect(Checksum.of(file: source.folder(for: title) + "/A Film.bin") == Checksum.of(changed))
        }
    }
}
