import Catalog
import Downloads
import FileDownload
import Foundation
import OfflineDownloads
import TestServers
import TestSupport
import Testing

extension OfflineDownloadsTests {
    /// What a source fetches only when its policy allows, and what its folder says by itself.
    @Suite struct Safety {
        @Test("an address the policy refuses fails with its reason, and nothing is fetched or stored")
        func refusedAddressFetchesNothing() async throws {
            let elsewhere = try await FileServer.start(.random(size: 64 << 10))
            defer { elsewhere.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let source = FileDownloadSource(directory: downloads.path, policy: DownloadPolicy { address in
                address.hasPrefix("http://nas:8700/") ? nil : "not downloadable: its media is not on the server"
            })
            let title = Title.remote(video: elsewhere.url + ".mkv")
            let error = await #expect(throws: DownloadError.self) {
                try await ProgressLog().consume(source.transfer(.video, of: title))
            }
            #expect(error?.message == "not downloadable: its media is not on the server")
            #expect(elsewhere.requests.isEmpty)
            #expect(TempFolder.contents(of: downloads.path).isEmpty)
            #expect(!source.hasCopy(of: title))
        }

        @Test("a stored title is found again from its folder alone, the downloads journal gone")
        func storedTitlesComeFromTheFolders() async throws {
            let server = try await FileServer.start(.random(size: 256 << 10))
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".mkv")
            let first = FileDownloadSource(directory: downloads.path)
            try await ProgressLog().consume(first.transfer(.video, of: title))
            // A title whose video is still a `.part` is not stored.
            let unfinished = Title.remote("t2", name: "Unfinished", video: server.url + "/b.mkv")
            let unfinishedFolder = first.folder(for: unfinished)
            try write("partial", to: unfinishedFolder + "/Unfinished.mkv.part")
            try JSONEncoder().encode(unfinished).write(to: URL(fileURLWithPath: unfinishedFolder + "/title.json"))
            // A folder whose manifest names another title's folder is not taken for it.
            let stray = try downloads.write("", to: "Stray-00000000/video.mkv")
            try JSONEncoder().encode(title).write(to: URL(fileURLWithPath: downloads.file("Stray-00000000/title.json")))

            // As after a restart that lost the journal: another source, the same folder.
            let found = FileDownloadSource(directory: downloads.path).storedTitles()
            #expect(found.map(\.title) == [title])
            #expect(found.first?.copy == LocalCopy(video: first.folder(for: title) + "/A Film.mkv"))
            #expect(TempFolder.exists(stray), "found, never touched")
        }

        @Test("stored titles whose media the policy refuses (another server's) are not found")
        func storedTitlesFollowThePolicy() async throws {
            let server = try await FileServer.start(.random(size: 64 << 10))
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".mkv")
            try await ProgressLog().consume(FileDownloadSource(directory: downloads.path).transfer(.video, of: title))
            let strict = FileDownloadSource(directory: downloads.path, policy: DownloadPolicy { _ in "not downloadable" })
            #expect(strict.storedTitles().isEmpty)
        }
    }
}
