import Catalog
import Downloads
import FileDownload
import Foundation
import OfflineDownloads
import TestServers
import TestSupport
import Testing

extension OfflineDownloadsTests {
    /// What a source fetches: only what its policy allows.
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
    }
}
