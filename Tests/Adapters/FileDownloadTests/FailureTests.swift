import FileDownload
import TestServers
import TestSupport
import Foundation
import NIOPosix
import SpinTesting
import Testing

extension FileDownloadTests {
    @Suite struct Failures {
        @Test func cancellingLeavesNoFinalFileButThePart() async throws {
            let server = try await FileServer.start(.random(size: 2 << 20))
            defer { server.stop() }
            server.queue(.stallAfter(300_000))
            let folder = try TempFolder()
            defer { folder.remove() }
            let log = ReportLog()
            let task = Task {
                try await FileDownloader(progressStep: 1)
                    .download(from: server.url, to: folder.file("a.bin"), progress: log.record)
            }
            try await log.waitUntilReceived(300_000)
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(!folder.exists("a.bin"))
            #expect(folder.size("a.bin.part") == 300_000)
            #expect(folder.exists("a.bin.part.json"))
        }

        @Test func aServerThatAnnouncesMoreThanItSendsFails() async throws {
            let content = ServedContent.random(size: 500_000)
            let server = try await FileServer.start(content)
            defer { server.stop() }
            server.queue(.lieLength(extra: 1000))
            let folder = try TempFolder()
            defer { folder.remove() }
            let error = await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            }
            let part = try #require(folder.size("a.bin.part"))
            #expect(part <= 500_000)
            #expect(error == .connectionClosed(received: part, total: 501_000))
            #expect(!folder.exists("a.bin"))
        }

        @Test func aSizeOtherThanTheExpectedOneIsRefused() async throws {
            let server = try await FileServer.start(.random(size: 500_000))
            defer { server.stop() }
            let folder = try TempFolder()
            defer { folder.remove() }
            let error = await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: server.url, to: folder.file("a.bin"), expectedSize: 400_000) { _ in }
            }
            #expect(error == .sizeMismatch(expected: 400_000, actual: 500_000))
            #expect(error?.description == "size mismatch: expected 400,000 bytes, got 500,000")
            #expect(!folder.exists("a.bin"))
        }

        @Test func noBytesForTheStallTimeoutFails() async throws {
            let server = try await FileServer.start(.random(size: 1 << 20))
            defer { server.stop() }
            server.queue(.stallAfter(100_000))
            let folder = try TempFolder()
            defer { folder.remove() }
            // Long enough for the first 100,000 bytes to arrive on a loaded machine (the waits'
            // scale lengthens it there), so that the part holds them when the watchdog fires.
            let stall = Wait.deadline / 30
            let downloader = FileDownloader(stallTimeout: stall)
            // The server stalls for ever: ending at all is the watchdog.
            let error = await #expect(throws: FileDownloadError.stalled(stall)) {
                try await downloader.download(from: server.url, to: folder.file("a.bin")) { _ in }
            }
            #expect(error?.description.hasPrefix("no bytes arrived for ") == true)
            #expect(error?.description.hasSuffix(": the download stalled (run again to resume)") == true)
            #expect(!folder.exists("a.bin"))
            #expect(folder.size("a.bin.part") == 100_000)
        }

        @Test func aServerThatNeverAnswersStallsToo() async throws {
            let server = try await FileServer.start(.random(size: 1000))
            defer { server.stop() }
            server.queue(.hold)
            let folder = try TempFolder()
            defer { folder.remove() }
            await #expect(throws: FileDownloadError.stalled(.milliseconds(300))) {
                try await FileDownloader(stallTimeout: .milliseconds(300))
                    .download(from: server.url, to: folder.file("a.bin")) { _ in }
            }
        }

        @Test(arguments: [
            (404, "the server has no such file: URL"),
            (401, "not authorized (401): the server refused the request"),
            (503, "the server failed (503)"),
        ])
        func aStatusIsOneLine(status: Int, message: String) async throws {
            let server = try await FileServer.start(.random(size: 1000))
            defer { server.stop() }
            server.queue(.status(status))
            let folder = try TempFolder()
            defer { folder.remove() }
            let error = await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            }
            #expect(error?.description == message.replacingOccurrences(of: "URL", with: server.url))
            #expect(!folder.exists("a.bin"))
            #expect(!folder.exists("a.bin.part"))
        }

        @Test func aRefusedConnectionIsSaid() async throws {
            let port = try RefusingPort.make()
            let folder = try TempFolder()
            defer { folder.remove() }
            let error = await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: "http://127.0.0.1:\(port)/f", to: folder.file("a")) { _ in }
            }
            #expect(error?.description == "cannot reach 127.0.0.1:\(port): connection refused")
        }

        @Test func aFolderThatCannotBeMadeIsSaid() async throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            _ = FileManager.default.createFile(atPath: folder.file("plain"), contents: Data())
            let error = await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: "http://127.0.0.1:1/f", to: folder.file("plain/sub/a")) { _ in }
            }
            #expect(error == .cannotCreateFolder(path: folder.file("plain"), reason: "a file has that name"))
        }

        @Test func anUnsupportedAddressIsSaid() async throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            await #expect(throws: FileDownloadError.unsupportedURL("ftp://x/y")) {
                try await FileDownloader().download(from: "ftp://x/y", to: folder.file("a")) { _ in }
            }
        }
    }
}
