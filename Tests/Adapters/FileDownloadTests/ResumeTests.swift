@testable import FileDownload
import TestServers
import TestSupport
import Testing

extension FileDownloadTests {
    @Suite struct Resume {
        /// A first attempt that breaks off after `bytes`: it fails, leaving a part and its sidecar.
        private func interrupted(_ server: FileServer, after bytes: Int64, in folder: TempFolder) async throws -> Int64 {
            server.queue(.dropAfter(bytes))
            await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            }
            #expect(!folder.exists("a.bin"))
            #expect(folder.exists("a.bin.part.json"))
            return try #require(folder.size("a.bin.part"))
        }

        @Test func aDroppedConnectionLeavesAPartThatTheRetryResumesWithRange() async throws {
            let content = ServedContent.random(size: 3 << 20)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            server.queue(.dropAfter(1 << 20))
            let error = await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            }
            // The client keeps what it had read when the close arrived (at most what was sent).
            let part = try #require(folder.size("a.bin.part"))
            #expect(part > 0 && part <= 1 << 20)
            #expect(error == .connectionClosed(received: part, total: content.size))
            #expect(error?.description.hasPrefix("the connection closed after ") == true)
            #expect(error?.description.hasSuffix(" of 3.1 MB (run again to resume)") == true)
            #expect(!folder.exists("a.bin"))
            #expect(folder.exists("a.bin.part.json"))

            let log = ReportLog()
            let file = try await FileDownloader().download(from: server.url, to: folder.file("a.bin"), progress: log.record)
            #expect(file.resumedFrom == part)
            #expect(server.requests.map(\.range) == [nil, "bytes=\(part)-"])
            #expect(server.requests.last?.ifRange == "\"v1\"")
            #expect(Checksum.of(file: folder.file("a.bin")) == Checksum.of(content))
            #expect(log.all.prefix(2) == [.size(content.size), .received(part)])
            #expect(!folder.exists("a.bin.part"))
            #expect(!folder.exists("a.bin.part.json"))
        }

        @Test func aServerThatIgnoresTheRangeRestartsCleanly() async throws {
            let content = ServedContent.random(size: 2 << 20)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            let part = try await interrupted(server, after: 700_000, in: folder)
            server.queue(.ignoreRange)
            let file = try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            #expect(file.resumedFrom == 0)
            #expect(server.requests.map(\.range) == [nil, "bytes=\(part)-"])
            #expect(Checksum.of(file: folder.file("a.bin")) == Checksum.of(content))
        }

        @Test func aChangedETagRestartsWithTheNewFile() async throws {
            let server = try await FileServer.start(.random(size: 2 << 20))
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            _ = try await interrupted(server, after: 500_000, in: folder)
            let changed = ServedContent.random(size: 2 << 20)
            server.content = changed
            server.etag = "\"v2\""
            let file = try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            // If-Range failed: the server answered 200 with the new file.
            #expect(file.resumedFrom == 0)
            #expect(file.etag == "\"v2\"")
            #expect(server.requests.last?.ifRange == "\"v1\"")
            #expect(Checksum.of(file: folder.file("a.bin")) == Checksum.of(changed))
        }

        @Test func aPartialAnswerOfAnotherTotalStartsOver() async throws {
            let server = try await FileServer.start(.random(size: 2 << 20))
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            let part = try await interrupted(server, after: 500_000, in: folder)
            // The same ETag (a server that does not change it), but a longer file: its 206
            // says another total, so the part cannot be trusted.
            let longer = ServedContent.random(size: 3 << 20)
            server.content = longer
            let file = try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            #expect(file.resumedFrom == 0)
            #expect(server.requests.map(\.range) == [nil, "bytes=\(part)-", nil])
            #expect(Checksum.of(file: folder.file("a.bin")) == Checksum.of(longer))
        }

        @Test func aWholePartIsFinishedOnA416() async throws {
            let content = ServedContent.random(size: 100_000)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            // As a run killed between the last byte and the rename leaves it.
            try Disk.writeDurably(Array(content.slice(from: 0, count: 100_000)), to: folder.file("a.bin.part"))
            try PartSidecar(etag: "\"v1\"", lastModified: nil, total: 100_000).save(folder.file("a.bin.part.json"))
            let file = try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            #expect(file.resumedFrom == 100_000)
            #expect(server.requests.map(\.range) == ["bytes=100000-"])
            #expect(Checksum.of(file: folder.file("a.bin")) == Checksum.of(content))
            #expect(!folder.exists("a.bin.part"))
        }

        @Test func aPartWithoutItsSidecarIsStartedOver() async throws {
            let content = ServedContent.random(size: 100_000)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            try Disk.writeDurably([1, 2, 3], to: folder.file("a.bin.part"))
            _ = try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            #expect(server.requests.map(\.range) == [nil])
            #expect(Checksum.of(file: folder.file("a.bin")) == Checksum.of(content))
        }

        @Test func anInterruptedFileCopyResumes() async throws {
            let content = ServedContent.random(size: 1 << 20)
            let folder = try TempFolder()
            defer { folder.remove() }
            let source = folder.file("src")
            try Disk.writeDurably(Array(content.slice(from: 0, count: 1 << 20)), to: source)
            let downloader = FileDownloader(copyChunkSize: 64 << 10)
            let log = ReportLog()
            // Cancelled after the first chunks.
            let task = Task {
                try await downloader.download(from: "file://" + source, to: folder.file("c"), progress: log.record)
            }
            try await log.waitUntilReceived(1)
            task.cancel()
            if case .success = await task.result { return }   // it finished before the cancel: nothing to resume
            #expect(!folder.exists("c"))
            let part = try #require(folder.size("c.part"))
            let file = try await downloader.download(from: "file://" + source, to: folder.file("c")) { _ in }
            #expect(file.resumedFrom == part)
            #expect(Checksum.of(file: folder.file("c")) == Checksum.of(content))
        }
    }
}
