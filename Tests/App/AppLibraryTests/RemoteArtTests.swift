import Foundation
import Library
import Logging
import Server
import ServerClient
import ServerWire
import SpindleUIPictures
import TestSupport
import Testing
@testable import AppLibrary
#if canImport(Glibc)
import Glibc
#endif

/// A server's pictures on the client: asked once, kept on disk (private), used while young,
/// asked again with their tag when old, and refused when they are not what was asked for.
@Suite struct RemoteArtTests {
    @Test func keptOnDiskAndRevalidatedWithItsTag() async throws {
        let folder = try TempFolder.make(prefix: "spindle-remote-art")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let media = folder + "/media"
        mkdir(media, 0o700)
        try Data("{\"id\":\"clip\",\"title\":\"Clip\",\"year\":2001,\"genre\":\"\",\"video\":\"clip.mkv\"}\n".utf8)
            .write(to: URL(fileURLWithPath: media + "/catalog.jsonl"))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: media + "/clip.mkv"))
        let blue = [UInt8](Array(repeating: [0, 0, 230, 255] as [UInt8], count: 40 * 60).joined())
        try Data(try Picture(width: 40, height: 60, rgba: blue).png()).write(to: URL(fileURLWithPath: media + "/clip-poster.png"))
        let database = try LibraryDatabase(path: folder + "/library.sqlite")
        _ = try await LibraryImport.importCatalog(path: media + "/catalog.jsonl", into: database)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let token = "test-token-0123456789abcdef"
        let server = LibraryServer(database: database, token: token, accountKey: "key-0123456789abcdef0123", logger: logger)
        let running = Task { try await server.run(signals: []) }
        defer { running.cancel() }
        let port = try #require(await server.boundPort)
        // A failed ask keeps the old copy, so every ask must be answered: making the frame of a
        // broken file (ffmpeg, twice) can take long on a loaded machine.
        let provider = try RemoteProvider(server: "http://127.0.0.1:\(port)", token: token, timeout: .seconds(300))
        let id = try #require(try await provider.page(.init(query: "", pageSize: 5)).items.first?.id)
        let art = RemoteArt(provider: provider, environment: ["XDG_CACHE_HOME": folder + "/cache"])

        let image = try #require(await art.image(of: id, kind: .poster, width: 50))
        #expect(image.width == 50 && image.height == 75)
        let middle = ((75 / 2) * 50 + 25) * 4
        #expect(Array(image.rgba[middle..<middle + 4]) == [0, 0, 230, 255])
        let kept = try #require(art.folder) + "/" + RemoteArt.fileName(titleID: id, kind: .poster, width: 50)
        var info = stat()
        #expect(stat(kept, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(try #require(art.folder), &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(FileManager.default.fileExists(atPath: kept + ".tag"))

        // Young: used without asking (the server's poster is gone, the copy still shows).
        unlink(media + "/clip-poster.png")
        #expect(await art.image(of: id, kind: .poster, width: 50) != nil)
        // Old: asked again with its tag; the poster is gone, the frame fails: none now.
        var old = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, kept, &old, 0) == 0)
        #expect(await art.image(of: id, kind: .poster, width: 50) == nil)

        // A kept file that is not the size asked for is not used.
        try Data(try Picture(width: 10, height: 10, rgba: [UInt8](repeating: 9, count: 400)).png()).write(to: URL(fileURLWithPath: kept))
        #expect(RemoteArt.read(kept).flatMap { RemoteArt.decode($0.png, width: 50, height: 75) } == nil)
        await server.shutDown()
        _ = try? await running.value
    }
}
