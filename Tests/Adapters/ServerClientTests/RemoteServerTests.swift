@testable import ServerClient
import Testing

struct RemoteServerTests {
    @Test(arguments: [
        ("http://127.0.0.1:8700", "http://127.0.0.1:8700", 8700),
        ("HTTP://Media.Local:8700/", "http://media.local:8700", 8700),
        ("https://example.org", "https://example.org", 443),
        ("http://[::1]:8700", "http://[::1]:8700", 8700),
        ("http://nas", "http://nas", 80),
    ])
    func addressesSpindleCanUse(text: String, address: String, port: Int) throws {
        let server = try RemoteServer.parse(text)
        #expect(server.address == address)
        #expect(server.port == port)
    }

    @Test(arguments: [
        ("127.0.0.1:8700", "it must start with http:// or https://"),
        ("ftp://host", "it must start with http:// or https://"),
        ("http://", "it has no host"),
        ("http://:8700", "it has no host"),
        ("http://host:0", "its port must be a number from 1 to 65535"),
        ("http://host:99999", "its port must be a number from 1 to 65535"),
        ("http://host:80x", "its port must be a number from 1 to 65535"),
        ("http://user:pw@host", "it may not hold a user or password (give the token with --token)"),
        ("http://host/v1", "give only the scheme, host and port (http://host:port), no path or query"),
        ("http://ho st", "it has spaces or control characters"),
        ("http://hö.st", "its host has characters a host name cannot have"),
    ])
    func addressesThatAreRefused(text: String, reason: String) {
        #expect(throws: RemoteError.invalidServer(text, reason: reason)) { try RemoteServer.parse(text) }
    }

    @Test func theMessageQuotesTheAddress() {
        let error = RemoteError.invalidServer("ftp://x", reason: "it must start with http:// or https://")
        #expect(error.description == #"invalid server address "ftp://x": it must start with http:// or https://"#)
    }

    @Test func originsCompareSchemeHostAndPort() throws {
        let server = try RemoteServer.parse("http://127.0.0.1:8700")
        #expect(server.isOrigin(of: "http://127.0.0.1:8700/v1/titles?after=x"))
        #expect(server.isOrigin(of: "HTTP://127.0.0.1:8700"))
        #expect(!server.isOrigin(of: "https://127.0.0.1:8700/v1/titles"))
        #expect(!server.isOrigin(of: "http://127.0.0.1:8701/v1/titles"))
        #expect(!server.isOrigin(of: "http://localhost:8700/v1/titles"))
        #expect(!server.isOrigin(of: "http://127.0.0.1:8700@evil.example/v1/titles"))
        #expect(!server.isOrigin(of: "//evil.example/v1/titles"))
        #expect(try RemoteServer.parse("http://nas").isOrigin(of: "http://nas:80/x"))
    }
}
