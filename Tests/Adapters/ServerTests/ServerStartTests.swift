import Foundation
import Logging
import Server
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif
import SpinTesting

/// Starting, and what the server answers beside GET: HEAD, HTTPS with a certificate of the
/// user's, and the errors of an address that cannot be listened on.
@Suite struct ServerStartTests {
    @Test("HEAD answers as GET would, with the length and no body")
    func headIsAnswered() async throws {
        try await TestServer.with { server in
            let clip = try await server.id(ofTitle: "Aaa Clip")
            let port = server.port
            let head = try await TestConnection.blocking { () -> (TestConnection.Head, Bool) in
                let connection = try TestConnection(port: port)
                try connection.send("/v1/titles/\(clip)/video", token: TestServer.token, method: "HEAD")
                let head = try connection.readHead()
                return (head, try connection.drainUntilClosed() == 0)
            }
            #expect(head.0.status == 200)
            #expect(head.0.header("Content-Length") == String(TestServer.clipSize))
            #expect(head.0.header("Accept-Ranges") == "bytes")
            #expect(head.1, "no body after the head")
            let page = try await server.get("/v1/titles?limit=1", method: "HEAD")
            #expect(page.status == 200)
            #expect(page.body.isEmpty)
        }
    }

    @Test("a port in use is one error that says so")
    func portInUse() async throws {
        try await TestServer.with { server in
            let second = LibraryServer(database: server.database, token: TestServer.token, accountKey: TestServer.accountKey, port: server.port,
                                       logger: Logger(label: "test"))
            await #expect(throws: ServerStartError.cannotListen(address: "127.0.0.1:\(server.port)", errno: EADDRINUSE)) {
                try await second.run(signals: [])
            }
            #expect(await second.boundPort == nil)
            #expect(ServerStartError.cannotListen(address: "127.0.0.1:8700", errno: EADDRINUSE).description
                .hasPrefix("cannot listen on 127.0.0.1:8700: the address is in use"))
        }
    }

    @Test("with --tls-cert and --tls-key it serves HTTPS; plain HTTP gets no page")
    func httpsWithASelfSignedCertificate() async throws {
        let folder = try TestServer.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.makeCertificate(in: folder)
        let tls = try ServerTLS(certificateFile: folder + "/cert.pem", keyFile: folder + "/key.pem")
        try await TestServer.with(tls: tls) { server in
            let output = try await Self.curl(["--cacert", folder + "/cert.pem", "-H", "Authorization: Bearer \(TestServer.token)",
                                              "https://localhost:\(server.port)/v1/titles?limit=1"])
            #expect(output.status == 0, "\(output.text)")
            #expect(output.text.contains(#""next":"/v1/titles?limit=1&after="#))
            let untrusted = try await Self.curl(["https://localhost:\(server.port)/v1/titles?limit=1"])
            #expect(untrusted.status != 0, "a client that does not trust the certificate gets nothing")
            let plain = try await Self.curl(["-H", "Authorization: Bearer \(TestServer.token)", "http://127.0.0.1:\(server.port)/v1/titles?limit=1"])
            #expect(!plain.text.contains("titles"))
        }
    }

    @Test("a certificate or key that cannot be used is an error naming the file")
    func badCertificate() throws {
        let folder = try TestServer.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: folder + "/cert.pem"))
        #expect {
            try ServerTLS(certificateFile: folder + "/cert.pem", keyFile: folder + "/key.pem")
        } throws: { error in
            (error as? ServerStartError)?.description.hasPrefix("cannot use \(folder)/cert.pem for TLS") == true
        }
    }

    /// A self-signed certificate for localhost, made by openssl for this test.
    static func makeCertificate(in folder: String) throws {
        let status = try run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                                                  "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                                                  "-keyout", folder + "/key.pem", "-out", folder + "/cert.pem"]).status
        #expect(status == 0)
    }

    /// Runs curl on a thread of its own, not one of the tasks' (the server in this process
    /// answers on those); it gives up after `Wait.deadline`, for a loaded machine.
    static func curl(_ arguments: [String]) async throws -> (status: Int32, text: String) {
        let limit = "\(Int(Wait.deadline.components.seconds))"
        return try await TestConnection.blocking { try run("/usr/bin/curl", ["-sS", "--max-time", limit] + arguments) }
    }

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        try TestProcess.capture([program] + arguments)
    }
}
