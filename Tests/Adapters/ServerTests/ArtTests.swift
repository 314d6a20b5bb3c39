import Foundation
import ServerClient
import ServerWire
import SpindleUIPictures
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `GET /v1/titles/{id}/art`: a served title's picture as PNG, with its `ETag`, made only from
/// files inside the served folders; and the client's side of it (`RemoteProvider.art`).
@Suite struct ArtTests {
    /// A `width` × `height` picture of one colour, as PNG.
    static func png(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8)) throws -> [UInt8] {
        let pixel = [rgb.0, rgb.1, rgb.2, 255]
        return try Picture(width: width, height: height, rgba: Array((0..<(width * height)).map { _ in pixel }.joined())).png()
    }

    /// The colour at the middle of a PNG of `width` × `height`.
    static func middle(of png: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let picture = try Picture(png: png)
        #expect(picture.width == width && picture.height == height)
        let offset = ((height / 2) * width + width / 2) * 4
        return Array(picture.rgba[offset..<offset + 4])
    }

    @Test func theTitlesPosterAsPNGWithItsTag() async throws {
        try await TestServer.with { server in
            try Data(try Self.png(width: 30, height: 45, rgb: (220, 0, 0))).write(to: URL(fileURLWithPath: server.folder + "/clip-poster.png"))
            let clip = try await server.id(ofTitle: "Aaa Clip")
            let answer = try await server.get("/v1/titles/\(clip)/art?kind=poster&width=60")
            #expect(answer.status == 200)
            #expect(answer.header("Content-Type") == "image/png")
            #expect(answer.header("Cache-Control") == "private, max-age=\(WireArt.maximumAge)")
            let middle = try Self.middle(of: answer.body, width: 60, height: 90)
            #expect(middle[0] > 200 && middle[1] < 30 && middle[2] < 30 && middle[3] == 255, "red: \(middle)")
            let tag = try #require(answer.header("ETag"))
            let again = try await server.get("/v1/titles/\(clip)/art?kind=poster&width=60", headers: ["If-None-Match": tag])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            // Another size is another picture.
            let thumb = try await server.get("/v1/titles/\(clip)/art?kind=thumbnail&width=64", headers: ["If-None-Match": tag])
            #expect(thumb.status == 200)
            _ = try Self.middle(of: thumb.body, width: 64, height: 36)

            // The client's side: the picture, then "not modified" with its tag.
            let provider = try RemoteProvider(server: "http://127.0.0.1:\(server.port)", token: TestServer.token)
            let fetched = try await provider.art(of: clip, kind: .poster, width: 60)
            guard case .picture(let png, let fetchedTag) = fetched else { Issue.record("no picture: \(fetched)"); return }
            #expect(fetchedTag == tag)
            #expect(try Picture(png: png).width == 60)
            #expect(try await provider.art(of: clip, kind: .poster, width: 60, tag: tag) == .notModified)
        }
    }

    @Test func badSizesKindsAndTitlesWithoutPictures() async throws {
        try await TestServer.with { server in
            let clip = try await server.id(ofTitle: "Aaa Clip")
            for query in ["width=5", "width=601", "width=x", "kind=banner"] {
                #expect(try await server.get("/v1/titles/\(clip)/art?\(query)").status == 400, "\(query)")
            }
            // Not a video ffmpeg can read, no art beside it: none.
            let notes = try await server.get("/v1/titles/\(try await server.id(ofTitle: "Aaa Notes"))/art?width=60")
            #expect(notes.status == 404)
            #expect(try await server.get("/v1/titles/\(try await server.id(ofTitle: "Aaa Stream"))/art").status == 404)
            #expect(try await server.get("/v1/titles/nosuch/art").status == 404)
            #expect(try await server.get("/v1/titles/\(clip)/art", token: "wrong-token-0123456789").status == 401)
            let provider = try RemoteProvider(server: "http://127.0.0.1:\(server.port)", token: TestServer.token)
            #expect(try await provider.art(of: try await server.id(ofTitle: "Aaa Notes"), kind: .poster, width: 60) == RemoteArtAnswer.none)
        }
    }

    @Test func aPosterThatLinksOutOfTheServedFolderIsNotRead() async throws {
        let outside = try TestServer.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try Data(try Self.png(width: 30, height: 45, rgb: (0, 200, 0))).write(to: URL(fileURLWithPath: outside + "/private.png"))
        try await TestServer.with { server in
            #expect(symlink(outside + "/private.png", server.folder + "/clip-poster.png") == 0)
            let answer = try await server.get("/v1/titles/\(try await server.id(ofTitle: "Aaa Clip"))/art?width=60")
            // The link is passed over; the clip's own bytes are no video: nothing else to show.
            #expect(answer.status == 404)
        }
    }
}
