import Hummingbird
import HummingbirdCore
import Library
import Logging
import ServiceLifecycle

/// `spindle serve`: the library over HTTP (docs/server.md). Pages of titles as `WirePage`
/// JSON, searched and paged by keyset like the browser's list; titles by the server's own ids;
/// their files streamed with ranges. Every request needs `Authorization: Bearer TOKEN`.
///
/// `run()` serves until SIGTERM or SIGINT (or `shutDown()`), then stops taking connections,
/// lets the requests under way finish, and returns.
///
///     let token = try ServerToken.loadOrCreate(at: tokenFile)   // ServerWire
///     let server = LibraryServer(database: database, token: token, port: 8700, logger: logger)
///     Task { if let port = await server.boundPort { print("serving on port \(port)") } }
///     try await server.run()
package final class LibraryServer: Sendable {
    package let database: LibraryDatabase
    package let host: String
    package let port: Int
    private let token: String
    private let logger: Logger
    private let state = ServerState()

    /// - Parameters:
    ///   - token: what clients send as `Authorization: Bearer TOKEN` (never logged).
    ///   - port: 0 for any free port (`boundPort` tells which).
    package init(database: LibraryDatabase, token: String, host: String = "127.0.0.1", port: Int = 0, logger: Logger) {
        self.database = database
        self.token = token
        self.host = host
        self.port = port
        self.logger = logger
    }

    /// Serves until SIGTERM, SIGINT or `shutDown()`; returns once the requests under way have
    /// been answered. Call it once.
    ///
    /// - Throws: `LibraryError` when the library cannot be read, NIO's errors when the address
    ///   cannot be bound.
    package func run() async throws {
        defer { state.ended() }
        let changes = try LibraryChangeCounter(database: database)
        let state = state
        let host = host
        let routes = LibraryRoutes(
            database: database, provider: LibraryProvider(database: database),
            totals: TotalCache(database: database, changes: changes),
            boundAuthority: { Self.authority(host: host, port: state.currentPort ?? 0) }
        )
        let application = Application(
            responder: LibraryResponder(routes: routes, check: BearerCheck(token: token)),
            server: .http1(configuration: HTTP1Channel.Configuration(additionalChannelHandlers: [FlushBeforeClose()])),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port { state.bound(port: port) }
            },
            logger: logger
        )
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger
        ))
        if state.started(group) { await group.triggerGracefulShutdown() }
        try await group.run()
    }

    /// Shuts the server down as SIGTERM does: no new connections, the requests under way
    /// finish, then `run()` returns.
    package func shutDown() async {
        await state.askShutDown()?.triggerGracefulShutdown()
    }

    /// The port the server listens on, once it does (waits for it); nil if `run()` ended
    /// without listening.
    package var boundPort: Int? {
        get async { await state.port }
    }

    /// `host:port`, with an IPv6 host in brackets.
    static func authority(host: String, port: Int) -> String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
