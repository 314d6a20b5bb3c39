import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An HTTP file server on 127.0.0.1 (a free port) that serves one content at any path, with
/// Range, If-Range and an ETag, misbehaves as the queued faults say, and records the requests.
/// Bodies are written as the connection can take them (backpressure), generated on the fly.
///
///     let server = try await FileServer.start(.random(size: 4 << 20))
///     defer { server.stop() }
///     server.queue(.dropAfter(1 << 20))          // the first answer breaks off after 1 MB
///     _ = try? await downloader.download(from: server.url, headers: [], to: path) { _ in }
///     print(server.requests.map(\.range))         // [nil]
package final class FileServer: Sendable {
    private struct State: Sendable {
        var content: ServedContent
        var etag: String?
        var lastModified: String?
        var faults: [ServerFault] = []
        var requests: [SeenFileRequest] = []
        var children: [ObjectIdentifier: any Channel] = [:]
    }

    private let state: Mutex<State>
    private let listener = Mutex<(any Channel)?>(nil)

    /// The port it listens on.
    package var port: Int { listener.withLock { $0?.localAddress?.port } ?? 0 }
    /// "http://127.0.0.1:PORT/file".
    package var url: String { "http://127.0.0.1:\(port)/file" }

    /// The content served from now on.
    package var content: ServedContent {
        get { state.withLock { $0.content } }
        set { state.withLock { $0.content = newValue } }
    }

    /// The ETag sent (and compared with If-Range) from now on; nil sends none.
    package var etag: String? {
        get { state.withLock { $0.etag } }
        set { state.withLock { $0.etag = newValue } }
    }

    /// The requests seen so far, in order.
    package var requests: [SeenFileRequest] { state.withLock { $0.requests } }

    private init(_ content: ServedContent, etag: String?, lastModified: String?) {
        state = Mutex(State(content: content, etag: etag, lastModified: lastModified))
    }

    /// Starts a server of `content` on 127.0.0.1.
    package static func start(
        _ content: ServedContent, etag: String? = "\"v1\"", lastModified: String? = "Tue, 01 Jul 2025 10:00:00 GMT"
    ) async throws -> FileServer {
        let server = FileServer(content, etag: etag, lastModified: lastModified)
        let channel = try await LoopbackListener.start { FileServerHandler(server: server) }
        server.listener.withLock { $0 = channel }
        return server
    }

    /// Queues faults: each answers one request, in order.
    package func queue(_ faults: ServerFault...) {
        state.withLock { $0.faults.append(contentsOf: faults) }
    }

    /// Stops listening and closes the open connections.
    package func stop() {
        listener.withLock { $0 }?.close(promise: nil)
        for child in state.withLock({ Array($0.children.values) }) { child.close(promise: nil) }
    }

    /// What to answer a request: records it and takes the next fault.
    func take(_ request: SeenFileRequest) -> (fault: ServerFault, content: ServedContent, etag: String?, lastModified: String?) {
        state.withLock { state in
            state.requests.append(request)
            let fault = state.faults.isEmpty ? .normal : state.faults.removeFirst()
            return (fault, state.content, state.etag, state.lastModified)
        }
    }

    func opened(_ channel: any Channel) {
        state.withLock { $0.children[ObjectIdentifier(channel)] = channel }
    }

    func closed(_ channel: any Channel) {
        _ = state.withLock { $0.children.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}
