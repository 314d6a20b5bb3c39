import Glibc
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
        var waiters: [(condition: @Sendable (Record) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
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
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(FaultHandler(server: server))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        server.channel.withLock { $0 = channel }
        return server
    }

    /// A port on 127.0.0.1 where nothing listens: a socket bound to it and never listening,
    /// kept for the rest of the test process, so that no other test's server can take the port
    /// meanwhile (connecting to it is refused at once).
    static func freePort() async throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw IOError(errnoCode: errno, reason: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw IOError(errnoCode: errno, reason: "bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func stop() {
        channel.withLock { $0 }?.close(promise: nil)
    }

    /// Returns once `condition` holds for what the server has seen.
    func waitUntil(_ condition: @escaping @Sendable (Record) -> Bool) async {
        await withCheckedContinuation { continuation in
            let holds = state.withLock { state in
                if condition(state.record) { return true }
                state.waiters.append((condition, continuation))
                return false
            }
            if holds { continuation.resume() }
        }
    }

    func saw(_ request: SeenRequest) {
        change { $0.requests.append(request) }
    }

    func sawClose() {
        change { $0.closedConnections += 1 }
    }

    private func change(_ update: (inout Record) -> Void) {
        let ready = state.withLock { state in
            update(&state.record)
            let record = state.record
            let ready = state.waiters.filter { $0.condition(record) }.map(\.continuation)
            state.waiters.removeAll { $0.condition(record) }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}
