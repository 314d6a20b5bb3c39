import Catalog
import Foundation
@testable import OfflineDownloads
import TestSupport
import Testing

extension OfflineDownloadsTests {
    /// `title.json` is read back from the downloads folder: shallow JSON only, and private.
    @Suite struct HostileManifest {
        static let title = Title(id: "x", title: "X", year: 2000, genre: "", duration: 1, introStart: 0, introEnd: 0, creditsStart: 1)

        @Test func aManifestNested16000LevelsDeepIsNotUsed() throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            _ = try folder.write(#"{"id":"# + String(repeating: "[", count: 16_000) + String(repeating: "]", count: 16_000) + "}",
                                 to: TitleManifest.fileName)
            #expect(TitleManifest.read(inFolder: folder.path) == nil)
        }

        @Test func aManifestIsWrittenPrivately() throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            let titleFolder = folder.file("x")
            try TitleManifest.write(Self.title, inFolder: titleFolder)
            #expect(TitleManifest.read(inFolder: titleFolder) == Self.title)
            var info = stat()
            #expect(stat(titleFolder, &info) == 0 && info.st_mode & 0o777 == 0o700)
            #expect(stat(titleFolder + "/" + TitleManifest.fileName, &info) == 0 && info.st_mode & 0o777 == 0o600)
        }
    }
}
