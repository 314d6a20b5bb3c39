import Catalog
import Downloads
import Foundation
import OfflineDownloads
import ServerWire
import SpinTesting
import TestServers
import TestSupport
import Testing
@testable import AppLibrary
import CatalogFile

/// The client trusts no file and no server: a catalog that is not one leaves nothing behind,
/// and a server's titles download only from the server itself.
@Suite("A client that trusts no server", .waitsInRealTime)
struct ClientSafetyTests {
    /// Fetches `part` of `title` to the end; the error it fails with, if any.
    func failure<Source: DownloadSource>(_ source: Source, _ part: DownloadPart, of title: Title) async -> String? {
        do {
            for try await _ in source.transfer(part, of: title) {}
            return nil
        } catch let error as DownloadError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    /// Opens `path` as a catalog, expecting an error that starts with `message`, and checks
    /// that nothing was left in the data folder.
    func expectRefused(_ path: String, _ message: String, in folder: TempFolder,
                       sourceLocation: SourceLocation = #_sourceLocation) async {
        let environment = ["XDG_DATA_HOME": folder.file("data"), "HOME": folder.path]
        await #expect(sourceLocation: sourceLocation) {
            try await SQLiteLibraryFeature().open(.catalogFile(path), environment: environment)
        } throws: {
            String(describing: $0).hasPrefix(message)
        }
        #expect(TempFolder.contents(of: folder.file("data")).isEmpty, "after \(path): \(TempFolder.contents(of: folder.file("data")))",
                sourceLocation: sourceLocation)
    }

    @Test("a catalog refused for a bad line or a line over 1 MB leaves no database behind")
    func refusedContentLeavesNothing() async throws {
        let folder = try TempFolder(prefix: "spindle-client")
        let badLine = try folder.write("{\"id\": \n", to: "bad.jsonl")
        await expectRefused(badLine, "\(badLine):1: not valid JSON", in: folder)
        let longLine = try folder.write(String(repeating: "[", count: 2 << 20), to: "long.jsonl")
        await expectRefused(longLine, "\(longLine):1: the line is longer than 1 MB", in: folder)
    }

    @Test("/dev/zero and a FIFO are refused before a database is made for them")
    func devicesLeaveNothing() async throws {
        let folder = try TempFolder(prefix: "spindle-client")
        let fifo = folder.file("fifo.jsonl")
        #expect(mkfifo(fifo, 0o600) == 0)
        await expectRefused("/dev/zero", "/dev/zero: not a regular file (it is a character device)", in: folder)
        await expectRefused(fifo, "\(fifo): not a regular file (it is a pipe (FIFO))", in: folder)
    }

    @Test("a refused import of a catalog imported before keeps that database as it was")
    func refusedReimportKeepsTheDatabase() async throws {
        let folder = try TempFolder(prefix: "spindle-client")
        let environment = ["XDG_DATA_HOME": folder.file("data"), "HOME": folder.path]
        let good = #"{"id":"a","title":"Amélie","year":2001,"genre":"Comedy","duration":7320,"intro_start":0,"intro_end":60,"credits_start":7000}"#
        let path = try folder.write(good + "\n", to: "films.jsonl")
        _ = try await SQLiteLibraryFeature().open(.catalogFile(path), environment: environment)
        let databases = TempFolder.contents(of: folder.file("data/spindle/catalogs"))
        #expect(databases.contains { $0.hasSuffix(".sqlite") })
        _ = try folder.write(good + "\nnot json\n", to: "films.jsonl")
        await #expect(throws: CatalogFileError.self) {
            try await SQLiteLibraryFeature().open(.catalogFile(path), environment: environment)
        }
        #expect(TempFolder.contents(of: folder.file("data/spindle/catalogs")).contains { $0.hasSuffix(".sqlite") })
    }

    @Test("a server's titles download from the server only: another host and file:// are not downloadable, and fetched from nowhere")
    func serverSteersNoDownload() async throws {
        let folder = try TempFolder(prefix: "spindle-client")
        let secret = try folder.write("the machine's own file\n", to: "etc/hostname")
        let elsewhere = try await FileServer.start(.bytes(Array("stolen bytes".utf8)))
        defer { elsewhere.stop() }
        let foreign = "http://127.0.0.1:\(elsewhere.port)"
        let page = WirePage(titles: [
            WireTitle(id: "own", title: "Own", duration: 10, video: "/v1/titles/own/video"),
            WireTitle(id: "steal", title: "Steal", duration: 10, video: foreign + "/steal.mkv"),
            WireTitle(id: "local", title: "Local", duration: 10, video: "file://" + secret),
            WireTitle(id: "subs", title: "Subs", duration: 10, video: "/v1/titles/subs/video", subtitles: foreign + "/s.srt"),
        ], next: nil, total: 4)
        // A hostile spindle serve: it answers every path with this page (its own media too).
        let hostile = try await FileServer.start(.bytes(Array(try JSONEncoder().encode(page))))
        defer { hostile.stop() }
        let environment = ["XDG_DATA_HOME": folder.file("data"), "HOME": folder.path]

        let opened = try await SQLiteLibraryFeature().open(.server("http://127.0.0.1:\(hostile.port)", token: "t0ken"),
                                                           environment: environment)
        #expect(opened.server == "127.0.0.1:\(hostile.port)", "the header names the server")
        let titles = try await opened.provider.page(PageRequest(pageSize: 10)).items
        #expect(titles.map(\.id) == ["own", "steal", "local", "subs"])
        let title = { (id: String) in titles.first { $0.id == id }! }
        let downloads = folder.file("downloads")
        let makeSource = try #require(opened.downloadSource)
        let source = makeSource(downloads)

        #expect(await failure(source, .video, of: title("steal"))
                == "not downloadable: its media is not on the server (\(foreign))")
        let local = await failure(source, .video, of: title("local"))
        #expect(local?.hasPrefix("not downloadable: the server points to a file of this machine (file://") == true, "\(local ?? "")")
        #expect(await failure(source, .video, of: title("subs")) == nil, "its video is on the server")
        #expect(await failure(source, .subtitles, of: title("subs")) == "not downloadable: its media is not on the server (\(foreign))")
        #expect(await failure(source, .video, of: title("own")) == nil)

        #expect(elsewhere.requests.isEmpty, "nothing was fetched from another host")
        let stored = TempFolder.contents(of: downloads)
        #expect(!stored.contains { $0.hasPrefix("Steal") || $0.hasPrefix("Local") }, "\(stored)")
        #expect(stored.allSatisfy { $0.hasPrefix("Own-") || $0.hasPrefix("Subs-") }, "\(stored)")
        #expect(source.storedTitles().map(\.title.id).sorted() == ["own"], "subs has no subtitles stored")
    }
}
