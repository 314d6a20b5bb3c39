@testable import ServerClient
import Testing

/// What a server's titles may be downloaded from: the server itself, nothing else.
@Suite("Downloads a server may steer")
struct DownloadRefusalTests {
    static let server = try! RemoteServer.parse("http://nas:8700")

    @Test("media on the server itself (same scheme, host and port) may be downloaded")
    func ownOrigin() {
        #expect(Self.server.downloadRefusal(for: "http://nas:8700/v1/titles/t1/video") == nil)
        #expect(Self.server.downloadRefusal(for: "HTTP://NAS:8700/v1/titles/t1/subtitles") == nil)
    }

    @Test("another host, scheme or port is not downloadable, and the reason names its origin", arguments: [
        ("http://other-host/steal.mkv", "http://other-host:80"),
        ("https://nas:8700/v1/titles/t1/video", "https://nas:8700"),
        ("http://nas:8701/v1/titles/t1/video", "http://nas:8701"),
        ("http://nas:8700@evil/x.mkv", "http://nas:8700@evil/x.mkv"),
    ])
    func otherOrigins(address: String, origin: String) {
        #expect(Self.server.downloadRefusal(for: address) == "not downloadable: its media is not on the server (\(origin))")
    }

    @Test("a file of this machine is never downloaded from a server's word, and its name is cleaned")
    func fileURLs() {
        #expect(Self.server.downloadRefusal(for: "file:///etc/hostname")
                == "not downloadable: the server points to a file of this machine (file:///etc/hostname)")
        #expect(Self.server.downloadRefusal(for: "FILE:///etc/\u{1B}[2Jpasswd")
                == "not downloadable: the server points to a file of this machine (FILE:///etc/ [2Jpasswd)")
    }
}
