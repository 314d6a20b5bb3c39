import Catalog
import Downloads
import FileDownload
import TestServers
import TestSupport
import Foundation
import OfflineDownloads
import Testing

extension OfflineDownloadsTests {
    /// file:// copies, titles that cannot be downloaded, folders, deletion.
    @Suite struct Local {
        @Test func aFileURLIsCopiedByTheSameRules() async throws {
            let folder = try TempFolder(prefix: "spindle-offline")
            defer { folder.remove() }
            let bytes = (0 ..< 3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 11) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder.file("My Clip.MP4")))
            try Data("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8).write(to: URL(fileURLWithPath: folder.file("subs")))
            let title = Title.remote(video: "file://" + folder.file("My%20Clip.MP4"), subtitles: "file://" + folder.file("subs"))
            let source = FileDownloadSource(directory: folder.file("downloads"))
            let log = ProgressLog()
            try await log.consume(source.transfer(.video, of: title))
            #expect(log.isInOrder)
            #expect(log.all.first == .size(3_000_000))
            #expect(log.finishedPath == source.folder(for: title) + "/A Film.mp4")
            #expect(Checksum.of(file: source.folder(for: title) + "/A Film.mp4") == Checksum.of(bytes))
            try await ProgressLog().consume(source.transfer(.subtitles, of: title))
            #expect(TempFolder.contents(of: source.folder(for: title)) == ["A Film.mp4", "subtitles.srt", "title.json"])
        }

        @Test func titlesThatCannotBeDownloadedSayWhyInOneLine() async throws {
            let folder = try TempFolder(prefix: "spindle-offline")
            defer { folder.remove() }
            let source = FileDownloadSource(directory: folder.path)
            let noMedia = Title(id: "x", title: "X", year: 2000, genre: "", duration: 1, introStart: 0, introEnd: 0, creditsStart: 1)
            let cases: [(DownloadPart, Title, String)] = [
                (.video, noMedia, "this title has no media to download"),
                (.subtitles, .remote(video: "http://127.0.0.1:1/a.mkv"), "this title has no subtitles"),
                (.video, .remote(video: "/srv/films/a.mkv"), "this title is already on this machine"),
                (.video, .remote(video: "films/a.mkv"), "this title is already on this machine"),
                (.video, .remote(video: "ftp://host/a.mkv"),
                 #"cannot download "ftp://host/a.mkv": only http://, https:// and file:// addresses"#),
                (.video, .remote(video: "file://" + folder.file("missing.mkv")),
                 "the server has no such file: file://" + folder.file("missing.mkv")),
            ]
            for (part, title, message) in cases {
                let error = await #expect(throws: DownloadError.self) { try await ProgressLog().consume(source.transfer(part, of: title)) }
                #expect(error?.message == message)
            }
            let refused = try RefusingPort.make()
            let error = await #expect(throws: DownloadError.self) {
                try await ProgressLog().consume(source.transfer(.video, of: .remote(video: "http://127.0.0.1:\(refused)/a.mkv")))
            }
            #expect(error?.message == "cannot reach 127.0.0.1:\(refused): connection refused")
        }

        @Test func deletingRemovesTheFolderAndTwiceIsFine() async throws {
            let server = try await FileServer.start(.random(size: 1 << 20))
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let title = Title.remote(video: server.url + ".mkv", subtitles: server.url + ".srt")
            let source = FileDownloadSource(directory: downloads.path)
            try await ProgressLog().consume(source.transfer(.subtitles, of: title))
            server.queue(.dropAfter(300_000))
            _ = try? await ProgressLog().consume(source.transfer(.video, of: title))
            let folder = source.folder(for: title)
            #expect(TempFolder.contents(of: folder) == ["A Film.mkv.part", "A Film.mkv.part.json", "subtitles.srt", "title.json"])
            try await source.deleteLocalCopy(of: title)
            #expect(!TempFolder.exists(folder))
            #expect(TempFolder.contents(of: downloads.path).isEmpty)
            try await source.deleteLocalCopy(of: title)
            #expect(!source.hasCopy(of: title))
        }

        @Test func foldersAreNamedAfterTheTitleAndWhereItComesFrom() throws {
            let source = FileDownloadSource(directory: "/tmp/d/")
            let one = Title.remote("t1", name: "Amélie / le film: 2001?", video: "http://a:8700/v1/titles/t1/video")
            let other = Title.remote("t1", name: "Amélie / le film: 2001?", video: "http://b:8700/v1/titles/t1/video")
            let folder = source.folder(for: one)
            #expect(folder.hasPrefix("/tmp/d/Am-lie-le-film-2001-"))
            #expect(folder.count == "/tmp/d/Am-lie-le-film-2001-".count + 8)
            #expect(folder == FileDownloadSource(directory: "/tmp/d").folder(for: one))
            #expect(source.folder(for: other) != folder)
            let long = Title.remote(name: String(repeating: "abcdefghij", count: 10), video: "http://a/x")
            let name = try #require(source.folder(for: long).split(separator: "/").last)
            #expect(name.count == 40 + 1 + 8)
            let hidden = Title.remote(name: "../..", video: "http://a/x")
            #expect(source.folder(for: hidden).hasPrefix("/tmp/d/title-"))
        }

        @Test func headersOfTheLongestPrefixGoOnlyToTheirOrigin() async throws {
            let server = try await FileServer.start(.random(size: 100_000))
            defer { server.stop() }
            let downloads = try TempFolder(prefix: "spindle-offline")
            defer { downloads.remove() }
            let origin = "http://127.0.0.1:\(server.port)"
            let source = FileDownloadSource(directory: downloads.path, httpHeaders: [
                origin + "/": ["Authorization: Bearer short"],
                origin + "/deep/": ["Authorization: Bearer long"],
                // A prefix of the origin's text, but another origin (port 1…): never sent.
                "http://127.0.0.1:\(String(server.port).prefix(1))": ["Authorization: Bearer other"],
            ])
            try await ProgressLog().consume(source.transfer(.video, of: .remote("a", video: origin + "/deep/a.mkv")))
            try await ProgressLog().consume(source.transfer(.video, of: .remote("b", video: origin + "/b.mkv")))
            let bare = FileDownloadSource(directory: downloads.path, httpHeaders: [
                "http://127.0.0.1:\(String(server.port).prefix(1))": ["Authorization: Bearer other"],
            ])
            try await ProgressLog().consume(bare.transfer(.video, of: .remote("c", video: origin + "/c.mkv")))
            #expect(server.requests.map(\.authorization) == ["Bearer long", "Bearer short", nil])
        }
    }
}
