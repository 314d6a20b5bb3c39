import Foundation
import FileDownload
import TestServers
import TestSupport
import Testing

extension FileDownloadTests {
    @Suite struct Completion {
        @Test func aDownloadEndsWithTheSourcesBytesUnderTheFinalName() async throws {
            let content = ServedContent.random(size: 4 << 20 + 123)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            let log = ReportLog()
            let file = try await FileDownloader().download(
                from: server.url, headers: [("Authorization", "Bearer t")], to: folder.file("a.bin"),
                progress: log.record)
            #expect(file == DownloadedFile(path: folder.file("a.bin"), size: content.size, resumedFrom: 0,
                                           etag: "\"v1\"", lastModified: "Tue, 01 Jul 2025 10:00:00 GMT",
                                           contentType: "application/octet-stream"))
            #expect(Checksum.of(file: folder.file("a.bin")) == Checksum.of(content))
            #expect(!folder.exists("a.bin.part"))
            #expect(!folder.exists("a.bin.part.json"))
            #expect(log.all.first == .size(content.size))
            #expect(log.all.last == .received(content.size))
            #expect(log.all.count > 5)
            #expect(server.requests.map(\.range) == [nil])
            #expect(server.requests.first?.authorization == "Bearer t")
        }

        @Test func theFolderIsMadeWhenMissing() async throws {
            let content = ServedContent.random(size: 10_000)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            let path = folder.file("Films/New/a.bin")
            _ = try await FileDownloader().download(from: server.url, to: path) { _ in }
            #expect(Checksum.of(file: path) == Checksum.of(content))
        }

        @Test func anEmptyFileIsDownloaded() async throws {
            let server = try await FileServer.start(.bytes([]))
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            let file = try await FileDownloader().download(from: server.url, to: folder.file("e")) { _ in }
            #expect(file.size == 0)
            #expect(folder.size("e") == 0)
        }

        @Test func aFileURLIsCopiedInChunksByTheSameRules() async throws {
            let content = ServedContent.random(size: 3 << 20)
            let folder = try TempFolder()
            defer { folder.remove() }
            let source = folder.file("source file.bin")
            try Data(content.slice(from: 0, count: Int(content.size))).write(to: URL(fileURLWithPath: source))
            let log = ReportLog()
            let downloader = FileDownloader(progressStep: 1, copyChunkSize: 256 << 10)
            let file = try await downloader.download(
                from: "file://" + folder.path + "/source%20file.bin", to: folder.file("copy.bin"), progress: log.record)
            #expect(file.size == content.size)
            #expect(Checksum.of(file: folder.file("copy.bin")) == Checksum.of(content))
            #expect(!folder.exists("copy.bin.part"))
            #expect(!folder.exists("copy.bin.part.json"))
            #expect(log.all.first == .size(content.size))
            #expect(log.all.count == 2 + 12)   // .size, .received(0), then each 256 kB
        }

        @Test func aMissingFileURLIsNotFound() async throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            await #expect(throws: FileDownloadError.notFound("file://\(folder.path)/none")) {
                try await FileDownloader().download(from: "file://\(folder.path)/none", to: folder.file("x")) { _ in }
            }
            #expect(!folder.exists("x"))
        }
    }
}
