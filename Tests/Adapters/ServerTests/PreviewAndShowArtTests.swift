import Foundation
import Library
import MediaScan
import ServerClient
@testable import Server
import ServerWire
import SpindleUIPictures
import SpinTesting
import Synchronization
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `GET /v1/groups/art` (a show's or a season's picture) and `GET /v1/titles/{id}/previews/{n}`
/// (a title's seek preview sheets), on a real server over a scanned folder of generated media.
@Suite(.enabled(if: TestMedia.toolsInstalled, "needs ffmpeg")) struct PreviewAndShowArtTests {
    /// A scanned folder: `Night Harbor/Season 1/Night Harbor S01E01.mkv` (the 12 s test clip)
    /// with a red `poster.png` in the show's folder and a blue `season01-poster.png`.
    static func library(_ body: (TestServer) async throws -> Void) async throws {
        let folder = try TestServer.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let media = folder + "/media"
        let season = media + "/Night Harbor/Season 1"
        try FileManager.default.createDirectory(atPath: season, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try TestMedia.clip(), toPath: season + "/Night Harbor S01E01.mkv")
        try Data(try ArtTests.png(width: 30, height: 45, rgb: (220, 0, 0))).write(to: URL(fileURLWithPath: media + "/Night Harbor/poster.png"))
        try Data(try ArtTests.png(width: 30, height: 45, rgb: (0, 0, 220))).write(to: URL(fileURLWithPath: media + "/Night Harbor/season01-poster.png"))
        let database = try LibraryDatabase(path: folder + "/library.sqlite")
        try await database.addFolders([media])
        let files = MediaFolderWalker(root: media).walkAll().files
        try await LibraryScan(database: database, prober: FFProbe()).run(root: media, files: TestFiles(files: files))
        try await TestServer.serve(database, in: folder, body)
    }

    @Test("a show's poster and a season's, from the show's folder; bad questions are 400, a show without files 404")
    func showAndSeasonPosters() async throws {
        try await Self.library { server in
            let show = try await server.get(WireArt.groupPath(show: "Night Harbor", season: nil, kind: .poster, width: 60))
            #expect(show.status == 200)
            #expect(show.header("Content-Type") == "image/png")
            let red = try ArtTests.middle(of: show.body, width: 60, height: 90)
            #expect(red[0] > 200 && red[2] < 30, "the show's poster.png: \(red)")
            let season = try await server.get(WireArt.groupPath(show: "Night Harbor", season: 1, kind: .poster, width: 60))
            let blue = try ArtTests.middle(of: season.body, width: 60, height: 90)
            #expect(blue[2] > 200 && blue[0] < 30, "season01-poster.png: \(blue)")
            let tag = try #require(season.header("ETag"))
            let again = try await server.get(WireArt.groupPath(show: "Night Harbor", season: 1, kind: .poster, width: 60),
                                             headers: ["If-None-Match": tag])
            #expect(again.status == 304)

            #expect(try await server.get(WireArt.groupPath(show: "Nobody", season: nil, kind: .poster, width: 60)).status == 404)
            #expect(try await server.get(WireArt.groupPath(show: "Night Harbor", season: 7, kind: .poster, width: 60)).status == 404)
            for query in ["", "?show=", "?show=Night%20Harbor&season=x", "?show=Night%20Harbor&season=-1",
                          "?show=Night%20Harbor&width=9000", "?show=Night%20Harbor&kind=banner"] {
                #expect(try await server.get(WireArt.groupsPath + query).status == 400, "\(query)")
            }
            #expect(try await server.get(WireArt.groupsPath + "?show=Night%20Harbor", token: "wrong-token-0123456789").status == 401)

            // The client's side.
            let provider = try RemoteProvider(server: "http://127.0.0.1:\(server.port)", token: TestServer.token)
            guard case .picture(let png, _) = try await provider.art(ofShow: "Night Harbor", season: 1, kind: .poster, width: 60) else {
                Issue.record("no picture")
                return
            }
            #expect(try Picture(png: png).height == 90)
        }
    }

    @Test("a title's preview sheet: made on first ask, a PNG of 10x10 frames, with its tag; sheets past the end are 404")
    func previewSheets() async throws {
        try await Self.library { server in
            let found = try await server.get("/v1/titles?q=harbor").json(WirePageProbe.self).titles
            let episode = try #require(found.first { $0.id.hasPrefix("t") }?.id, "\(found.map(\.title))")
            let answer = try await server.get(WirePreviews.path(id: episode, sheet: 0))
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "image/png")
            #expect(answer.header("Cache-Control") == "private, max-age=\(WirePreviews.maximumAge)")
            let sheet = try Picture(png: answer.body)
            // The test clip is 160x120: ten tiles of 160x120 across, ten down.
            #expect(sheet.width == 1_600 && sheet.height == 1_200)
            let tag = try #require(answer.header("ETag"))
            #expect(try await server.get(WirePreviews.path(id: episode, sheet: 0), headers: ["If-None-Match": tag]).status == 304)

            // 12 s make one sheet.
            for sheet in ["1", "40", "-1", "01", "x", "99999999999999999999"] {
                #expect(try await server.get(WirePreviews.path(id: episode, sheet: 0).dropLast() + sheet).status == 404, "\(sheet)")
            }
            #expect(try await server.get(WirePreviews.path(id: "t999999", sheet: 0)).status == 404)

            let provider = try RemoteProvider(server: "http://127.0.0.1:\(server.port)", token: TestServer.token)
            #expect(try await provider.previewSheet(of: episode, sheet: 0, tag: tag) == .notModified)
            guard case .picture(let png, let fetched) = try await provider.previewSheet(of: episode, sheet: 0) else {
                Issue.record("no sheet")
                return
            }
            #expect(fetched == tag && png == answer.body)
        }
    }
}

/// Files as an async sequence, for `LibraryScan.run`.
struct TestFiles: AsyncSequence, Sendable {
    var files: [MediaFile]

    func makeAsyncIterator() -> AsyncStream<MediaFile>.Iterator {
        let files = files
        return AsyncStream { continuation in
            for file in files { continuation.yield(file) }
            continuation.finish()
        }.makeAsyncIterator()
    }
}

/// Who makes a preview sheet: one at a time for the whole server, a few waiting in order, the
/// rest refused at once (503).
@Suite struct SheetTurnsTests {
    @Test("one holds the turn, four wait in order, a sixth is refused at once; each leave hands the turn to the first waiting")
    func turns() async throws {
        let turns = SheetTurns()
        #expect(await turns.enter(maximumWaiting: 4))
        let order = Entered()
        var waiters: [Task<Bool, Never>] = []
        for number in 1 ... 4 {
            waiters.append(Task {
                let entered = await turns.enter(maximumWaiting: 4)
                order.numbers.withLock { $0.append(number) }
                return entered
            })
            // Each waits before the next asks: their order is the order they came in.
            try await eventually("waiter \(number) waiting", observe: { await turns.waitingCount }, until: { $0 == number })
        }
        #expect(await turns.enter(maximumWaiting: 4) == false, "a sixth is refused")
        for number in 1 ... 4 {
            await turns.leave()
            #expect(await waiters[number - 1].value)
            #expect(order.numbers.withLock { $0 } == Array(1 ... number))
        }
        await turns.leave()
        #expect(await turns.enter(maximumWaiting: 0), "free again")
    }

    /// The waiters in the order they got the turn.
    final class Entered: Sendable {
        let numbers = Mutex<[Int]>([])
    }
}
