import FileDownload
import TestServers
import TestSupport
import Foundation
import Testing

extension FileDownloadTests {
    /// A real full disk: a 1 MB tmpfs mounted for the test (root only; skipped elsewhere).
    @Suite struct DiskFull {
        @Test(.enabled(if: TinyDisk.isAvailable, "needs root and a tmpfs mount to fill a real disk"))
        func aFullDiskIsAnErrorAndLeavesNoFinalFile() async throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            try #require(TinyDisk.mount(at: folder.path), "a tmpfs could be mounted before")
            defer { TinyDisk.unmount(folder.path) }
            let server = try await FileServer.start(.random(size: 3 << 20))
            defer { server.stop() }
            let error = await #expect(throws: FileDownloadError.self) {
                try await FileDownloader().download(from: server.url, to: folder.file("a.bin")) { _ in }
            }
            #expect(error == .diskFull(path: folder.file("a.bin.part")))
            #expect(error?.description == "the disk is full (writing \(folder.file("a.bin.part")))")
            #expect(!folder.exists("a.bin"))
        }
    }
}
