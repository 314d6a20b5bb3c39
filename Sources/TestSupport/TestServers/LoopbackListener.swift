import NIOCore
import NIOHTTP1
import NIOPosix

/// The one way a test's HTTP server listens: on 127.0.0.1, a free port, each connection an HTTP
/// pipeline ending in the handler `makeHandler` gives. Returns the listening channel (its
/// `localAddress` has the port; closing it stops listening).
///
///     let listener = try await LoopbackListener.start { FaultHandler(server: server) }
package enum LoopbackListener {
    package static func start(
        _ makeHandler: @escaping @Sendable () -> any ChannelHandler
    ) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(makeHandler())
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }
}
