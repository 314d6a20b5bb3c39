import ServerWire
import Testing

@Suite struct AuthTests {
    @Test(arguments: [nil, "wrong", "test-token-0123456789abcdeF", "test-token-0123456789abcde", ""] as [String?])
    func everyRouteNeedsTheToken(token: String?) async throws {
        try await TestServer.with { server in
            for path in ["/v1/titles", "/v1/titles/t1", "/v1/titles/t1/next", "/v1/titles/t1/video", "/nowhere"] {
                let answer = try await server.get(path, token: token)
                #expect(answer.status == 401, "\(path)")
                #expect(answer.header("WWW-Authenticate") == "Bearer")
                #expect(try answer.json(WireError.self) == WireError("not authorized"))
            }
        }
    }

    @Test func theSchemeIsCaseInsensitive() async throws {
        try await TestServer.with { server in
            let answer = try await server.get("/v1/titles?limit=1", token: nil,
                                              headers: ["Authorization": "bearer \(TestServer.token)"])
            #expect(answer.status == 200)
        }
    }

    @Test func theCheckComparesEveryByte() {
        let check = BearerCheckProbe.allows
        #expect(check("Bearer abc", "abc"))
        #expect(check("BEARER abc", "abc"))
        #expect(!check("Bearer abd", "abc"))
        #expect(!check("Bearer ab", "abc"))
        #expect(!check("Basic abcd", "abc"))
        #expect(!check(nil, "abc"))
    }
}
