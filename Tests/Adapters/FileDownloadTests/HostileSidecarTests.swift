import Foundation
@testable import FileDownload
import TestSupport
import Testing

extension FileDownloadTests {
    /// A part's sidecar is read back from disk, where anyone who could write the folder may have
    /// left anything: it is used only when it is a small regular file of shallow JSON.
    @Suite struct HostileSidecar {
        @Test func aSidecarNested16000LevelsDeepIsNotUsed() throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            let deep = try folder.write(#"{"etag":"# + String(repeating: "[", count: 16_000) + String(repeating: "]", count: 16_000) + "}",
                                        to: "deep.part.json")
            #expect(PartSidecar.load(deep) == nil)
            let plain = try folder.write(#"{"etag":"\"v1\"","total":100}"#, to: "plain.part.json")
            #expect(PartSidecar.load(plain) == PartSidecar(etag: "\"v1\"", lastModified: nil, total: 100))
        }

        @Test func aFIFOInPlaceOfASidecarIsNotOpenedForReading() throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            #expect(mkfifo(folder.file("a.part.json"), 0o600) == 0)
            #expect(PartSidecar.load(folder.file("a.part.json")) == nil)
        }

        @Test func aPartAndItsSidecarAreTheUsersOwn() throws {
            let folder = try TempFolder()
            defer { folder.remove() }
            try PartSidecar(etag: "\"v1\"", lastModified: nil, total: 1).save(folder.file("a.part.json"))
            let part = try PartFile(path: folder.file("a.part"), truncating: true)
            part.release()
            for name in ["a.part.json", "a.part"] {
                var info = stat()
                #expect(stat(folder.file(name), &info) == 0)
                #expect(info.st_mode & 0o777 == 0o600, "\(name): \(String(info.st_mode & 0o777, radix: 8))")
            }
        }
    }
}
