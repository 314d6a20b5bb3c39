import Foundation
import Logging
import ServerWire
import Synchronization
import Testing
@testable import Server

/// What the server logs: never the token, not even one a client put in the URL, and refused
/// requests as a count, not a line each.
@Suite struct ServerLogTests {
    /// A log handler that keeps every line, for the test to read.
    final class Lines: LogHandler, @unchecked Sendable {
        let kept = Mutex<[String]>([])
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let text = "\(event.level) \(event.message) " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            kept.withLock { $0.append(text) }
        }

        var all: [String] { kept.withLock { $0 } }
    }

    @Test("a token in the query is logged REDACTED; the API's own parameters as they came")
    func queryTokenIsRedacted() async throws {
        let lines = Lines()
        try await TestServer.with(logger: Logger(label: "test") { _ in lines }) { server in
            let answer = try await server.get("/v1/titles?limit=2&token=\(TestServer.token)&q=aaa&secretword")
            #expect(answer.status == 200)
        }
        let request = try #require(lines.all.first { $0.contains("GET /v1/titles 200") })
        #expect(request.contains("limit=2&token=REDACTED&q=aaa&REDACTED"))
        #expect(!lines.all.contains { $0.contains(TestServer.token) || $0.contains("secretword") })
    }

    @Test("2,000 requests without the token make a log line per 10 s at most, with their count")
    func refusalsAreCounted() async throws {
        let lines = Lines()
        let start = ContinuousClock.now
        try await TestServer.with(logger: Logger(label: "test") { _ in lines }) { server in
            for _ in 0 ..< 2_000 {
                let answer = try await server.get("/v1/titles?limit=1", token: "wrong-token-0123456789")
                #expect(answer.status == 401)
            }
        }
        // The first at once, one per 10 s begun, and the rest at the stop.
        let windows = Int((ContinuousClock.now - start) / .seconds(10)) + 1
        let refusals = lines.all.filter { $0.contains("refused") }
        #expect((1 ... 1 + windows).contains(refusals.count), "\(refusals)")
        let counted = refusals.compactMap { line in
            line.split(separator: " ").firstIndex(of: "refused").flatMap { Int(line.split(separator: " ")[$0 + 1].replacingOccurrences(of: ",", with: "")) }
        }.reduce(0, +)
        #expect(counted == 2_000)
        #expect(lines.all.count < 10 + windows)
    }

    @Test("refusals within an interval are one line; the next interval starts a new one")
    func refusalWindows() {
        let lines = Lines()
        let log = RefusalLog(logger: Logger(label: "test") { _ in lines }, interval: .seconds(10))
        let start = ContinuousClock.now
        log.refused(now: start)
        for second in 1 ... 9 { log.refused(now: start + .seconds(second)) }
        #expect(lines.all.count == 1)
        log.refused(now: start + .seconds(11))
        #expect(lines.all.count == 2)
        #expect(lines.all[1].contains("refused 10 requests"))
        #expect(lines.all[1].contains("in the last 11 s"))
        log.flush()
        #expect(lines.all.count == 2)
    }

    @Test("a count says the time it really covers: the time since the line before")
    func refusalCountsTheirInterval() {
        let lines = Lines()
        let log = RefusalLog(logger: Logger(label: "test") { _ in lines }, interval: .seconds(10))
        let start = ContinuousClock.now
        log.refused(now: start)
        log.refused(now: start + .seconds(5))
        log.refused(now: start + .seconds(300))
        #expect(lines.all.count == 2)
        #expect(lines.all[1].contains("refused 2 requests without the right token in the last 300 s"), "\(lines.all)")
        log.refused(now: start + .seconds(302))
        log.flush(now: start + .seconds(360))
        #expect(lines.all.count == 3)
        #expect(lines.all[2].contains("refused 1 request without the right token in the last 60 s"), "\(lines.all)")
    }

    @Test func redaction() {
        #expect(QueryLog.redacted("q=a&token=s3cret") == "q=a&token=REDACTED")
        #expect(QueryLog.redacted("access_token=x&limit=5&after=L1") == "access_token=REDACTED&limit=5&after=L1")
        #expect(QueryLog.redacted("limit=5&before=L1.end&key=x") == "limit=5&before=L1.end&key=REDACTED")
        #expect(QueryLog.redacted("s3cret") == "REDACTED")
        #expect(QueryLog.redacted("") == "")
    }
}
