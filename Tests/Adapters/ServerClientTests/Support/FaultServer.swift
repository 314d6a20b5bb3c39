import TestServers
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP server on 127.0.0.1 (a free port) that misbehaves as each test says, and records
/// what it saw: the requests (with their Authorization headers) and the connections closed.
///
///     let server = try await FaultServer.start(.answer(status: 401, body: #"{"error":"no"}"#))
///     defer { server.stop() }
///     _ = try? await provider.page(request)
///     #expect(server.requests.count == 1)
final class FaultServer: Sendable {
    struct Record: Sendable {
        var requests: [SeenRequest] = []
        var closedConnections = 0
    }

    private struct State: ~Copyable {
        var behaviour: FaultBehaviour
        var record = Record()
    }

    private let state: Mutex<State>
    private let channel = Mutex<Channel?>(nil)
    var port: Int { channel.withLock { $0?.localAddress?.port } ?? 0 }

    /// "http://127.0.0.1:PORT".
    var address: String { "http://127.0.0.1:\(port)" }

    var behaviour: FaultBehaviour {
        get { state.withLock { $0.behaviour } }
        set { state.withLock { $0.behaviour = newValue } }
    }

    var requests: [SeenRequest] { state.withLock { $0.record.requests } }
    var closedConnections: Int { state.withLock { $0.record.closedConnections } }

    private init(_ behaviour: FaultBehaviour) {
        state = Mutex(State(behaviour: behaviour))
    }

    static func start(_ behaviour: FaultBehaviour) async throws -> FaultServer {
        let server = FaultServer(behaviour)
        let channel = try await LoopbackListener.start { FaultHandler(server: server) }
        server.channel.withLock { $0 = channel }
        return server
    }

    /// A port on 127.0.0.1 where connections are refused (`RefusingPort`).
    static func freePort() async throws -> Int {
        try RefusingPort.make()
    }

    func stop() {
        channel.withLock { $0 }?.close(promise: nil)
    }

    func saw(_ request: SeenRequest) {
        change { $0.requests.append(request) }
    }

    func sawClose() {
        change { $0.closedConnections += 1 }
    }

    private func change(_ update: (inout Record) -> Void) {
        state.withLock { update(&$0.record) }
    }
}
