import Foundation
import ServerWire
import Testing

@Suite struct FileTests {
    @Test func theVideoIsTheFileByteForByte() async throws {
        try await TestServer.with { server in
            let clip = try await server.id(ofTitle: "Aaa Clip")
            let answer = try await server.get("/v1/titles/\(clip)/video")
            #expect(answer.status == 200)
            #expect(answer.body == TestServer.clipBytes())
            #expect(answer.header("Content-Length") == "\(TestServer.clipSize)")
            #expect(answer.header("Content-Type") == "video/x-matroska")
            #expect(answer.header("Accept-Ranges") == "bytes")
            #expect(answer.header("ETag")?.hasPrefix("\"") == true)
            #expect(answer.header("Last-Modified")?.hasSuffix(" GMT") == true)
            let subtitles = try await server.get("/v1/titles/\(clip)/subtitles")
            #expect(subtitles.header("Content-Type") == "application/x-subrip")
            #expect(String(decoding: subtitles.body, as: UTF8.self).contains("Hello"))
        }
    }

    @Test func contentTypesByExtension() async throws {
        try await TestServer.with { server in
            let song = try await server.get("/v1/titles/\(try await server.id(ofTitle: "Aaa Song"))/video")
            #expect(song.header("Content-Type") == "audio/mpeg")
            #expect(song.body == [1, 2, 3])
            let notes = try await server.get("/v1/titles/\(try await server.id(ofTitle: "Aaa Notes"))/video")
            #expect(notes.header("Content-Type") == "application/octet-stream")
        }
    }

    @Test func ranges() async throws {
        try await TestServer.with { server in
            let path = "/v1/titles/\(try await server.id(ofTitle: "Aaa Clip"))/video"
            let bytes = TestServer.clipBytes()
            let size = TestServer.clipSize
            let cases: [(String, ClosedRange<Int>)] = [
                ("bytes=0-99", 0 ... 99),
                ("bytes=131000-140000", 131_000 ... 140_000),  // across a chunk's end
                ("bytes=299990-", 299_990 ... size - 1),
                ("bytes=-10", size - 10 ... size - 1),
                ("bytes=100-999999", 100 ... size - 1),
                ("bytes=-999999", 0 ... size - 1),
            ]
            for (header, range) in cases {
                let answer = try await server.get(path, headers: ["Range": header])
                #expect(answer.status == 206, "\(header)")
                #expect(answer.header("Content-Range") == "bytes \(range.lowerBound)-\(range.upperBound)/\(size)", "\(header)")
                #expect(answer.body == Array(bytes[range]), "\(header)")
            }
            for header in ["bytes=300000-", "bytes=-0", "bytes=400000-400010"] {
                let answer = try await server.get(path, headers: ["Range": header])
                #expect(answer.status == 416, "\(header)")
                #expect(answer.header("Content-Range") == "bytes */\(size)")
            }
            // Ignored: several ranges, other units, nonsense; the whole file comes.
            for header in ["bytes=0-1,5-6", "items=0-1", "bytes=5-1", "bytes=x-"] {
                let answer = try await server.get(path, headers: ["Range": header])
                #expect(answer.status == 200, "\(header)")
                #expect(answer.body.count == size)
            }
        }
    }

    @Test func etagsAnswer304() async throws {
        try await TestServer.with { server in
            let path = "/v1/titles/\(try await server.id(ofTitle: "Aaa Clip"))/video"
            let etag = try #require(try await server.get(path, headers: ["Range": "bytes=0-0"]).header("ETag"))
            let cached = try await server.get(path, headers: ["If-None-Match": etag])
            #expect(cached.status == 304)
            #expect(cached.body.isEmpty)
            #expect(cached.header("ETag") == etag)
            #expect(try await server.get(path, headers: ["If-None-Match": "\"other\", W/\(etag)"]).status == 304)
            #expect(try await server.get(path, headers: ["If-None-Match": "\"other\""]).status == 200)
            // A changed file has another tag.
            try Data([9]).write(to: URL(fileURLWithPath: server.folder + "/clip.mkv"))
            let changed = try await server.get(path, headers: ["If-None-Match": etag])
            #expect(changed.status == 200)
            #expect(changed.body == [9])
        }
    }

    @Test func titlesWithoutAFileAre404() async throws {
        try await TestServer.with { server in
            for name in ["Aaa Stream", "Aaa Gone"] {
                let answer = try await server.get("/v1/titles/\(try await server.id(ofTitle: name))/video")
                #expect(answer.status == 404, "\(name)")
                #expect((try? answer.json(WireError.self)) != nil)
            }
            let song = try await server.id(ofTitle: "Aaa Song")
            #expect(try await server.get("/v1/titles/\(song)/subtitles").status == 404)
            let catalog = try await server.get("/v1/titles?q=aaa").json(WirePage.self).titles.map(\.id)
            let generated = try #require(try await server.get("/v1/titles?limit=20").json(WirePage.self).titles
                .first { !catalog.contains($0.id) })
            #expect(generated.video == nil)
            #expect(try await server.get("/v1/titles/\(generated.id)/video").status == 404)
        }
    }
}
