import Crypto
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Library
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// `spindle serve`: the library over HTTP (docs/server.md). Pages of titles as `WirePage`
/// JSON, searched and paged by keyset like the browser's list; titles by the server's own ids;
/// their files streamed with ranges. Every request needs `Authorization: Bearer TOKEN`.
///
/// `run()` serves until SIGTERM or SIGINT (or `shutDown()`), then stops taking connections,
/// lets the transfers under way finish for at most `limits.shutdownGrace`, and returns; a
/// second signal (or `stopNow()`) cuts them off. Clients too slow by `limits` are dropped.
///
///     let token = try ServerToken.loadOrCreate(at: tokenFile)   // ServerWire
///     let server = LibraryServer(database: database, token: token, accountKey: key, port: 8700, logger: logger)
///     Task { if let port = await server.boundPort { print("serving on port \(port)") } }
///     try await server.run { stop in print(stop) }
package final class LibraryServer: Sendable {
    package let database: LibraryDatabase
    package let host: String
    package let port: Int
    package let limits: ServerLimits
    private let token: String
    /// The account of the token's clients (`account(of:key:)`).
    private let account: String
    /// The account the same token had when it was a bare hash: its marks are moved over.
    private let legacyAccount: String
    /// The library's changes, told to the clients that wait for them (`GET /v1/changes`).
    private let broadcast: ChangeBroadcast
    private let tls: ServerTLS?
    private let logger: Logger
    private let state = ServerState()
    private let book: ConnectionBook
    /// Where titles' pictures are kept once made (`$XDG_CACHE_HOME/spindle/art`); nil: made
    /// again for every request.
    private let artCache: String?
    /// Where titles' seek preview sheets are kept once made (`$XDG_CACHE_HOME/spindle/previews`);
    /// nil: made again for every request.
    private let previewCache: String?

    /// - Parameters:
    ///   - token: what clients send as `Authorization: Bearer TOKEN` (never logged).
    ///   - accountKey: the secret the account of the token's clients is made with
    ///     (`account(of:key:)`), kept apart from the database.
    ///   - port: 0 for any free port (`boundPort` tells which).
    ///   - tls: a certificate and key to serve HTTPS with; nil: plain HTTP.
    ///   - limits: timeouts and connection limits; by default from this process's file limit.
    package init(database: LibraryDatabase, token: String, accountKey: String, host: String = "127.0.0.1", port: Int = 0,
                 tls: ServerTLS? = nil, limits: ServerLimits = .forThisProcess, artCache: String? = nil, previewCache: String? = nil,
                 logger: Logger) {
        self.artCache = artCache
        self.previewCache = previewCache
        self.database = database
        self.token = token
        account = Self.account(of: token, key: accountKey)
        legacyAccount = Self.legacyAccount(of: token)
        self.host = host
        self.port = port
        self.tls = tls
        self.limits = limits
        self.logger = logger
        book = ConnectionBook(maximumIdle: limits.maximumIdleConnections)
        broadcast = ChangeBroadcast(maximumWaiting: limits.maximumLongPolls)
    }

    /// Serves until stopped (see the type); returns once every connection is closed.
    ///
    /// - Parameters:
    ///   - signals: the signals that stop it (the first gracefully, the next at once); none
    ///     for a server stopped only by `shutDown()`.
    ///   - report: told when a stop starts, with how many transfers it waits for.
    /// - Throws: `LibraryError` when the library cannot be read, `ServerStartError` when the
    ///   address cannot be listened on.
    package func run(signals: [UnixSignal] = [.sigterm, .sigint],
                     reporting report: @escaping @Sendable (ServerStop) -> Void = { _ in }) async throws {
        defer { state.ended() }
        let changes = try LibraryChangeCounter(database: database)
        // The token is the owner's: its clients share the owner's one history, into which
        // what was kept apart under its account (by earlier servers) moves once.
        let watchStore = LibraryWatchStore(database: database)
        try await watchStore.adopt(accounts: [account, legacyAccount])
        let (state, limits, book, broadcast) = (state, limits, book, broadcast)
        let routes = LibraryRoutes(
            database: database, provider: LibraryProvider(database: database), readers: try ServingReaders(database: database),
            totals: TotalCache(database: database), changes: changes,
            watchStore: watchStore,
            broadcast: broadcast, book: book, art: ServedArt(cacheFolder: artCache),
            previews: ServedPreviews(cacheFolder: previewCache)
        )
        let http1 = HTTP1Channel.Configuration(additionalChannelHandlers: [
            // The guard nearer the socket: its closes are not held for the writes under way.
            ConnectionGuard(book: book, limits: limits), FlushBeforeClose(patience: limits.shutdownGrace),
        ])
        let server: HTTPServerBuilder = if let tls {
            try .tls(.http1(configuration: http1), tlsConfiguration: tls.configuration)
        } else {
            .http1(configuration: http1)
        }
        let refusals = RefusalLog(logger: logger)
        defer { refusals.flush() }
        let application = Application(
            router: LibraryRouter.router(routes, check: BearerCheck(token: token), refusals: refusals),
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), backlog: limits.listenBacklog,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port { state.bound(port: port) }
            },
            logger: logger
        )
        var configuration = ServiceGroupConfiguration(services: [application], logger: logger)
        // A backstop: the grace's own timer closes the connections before this.
        configuration.maximumGracefulShutdownDuration = limits.shutdownGrace + .seconds(5)
        let group = ServiceGroup(configuration: configuration)
        do {
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                tasks.addTask {
                    await Self.obey(state.commands, group: group, book: book, broadcast: broadcast, grace: limits.shutdownGrace, report: report)
                }
                tasks.addTask { [database] in await broadcast.follow(database) }
                if !signals.isEmpty {
                    tasks.addTask {
                        var stopping = false
                        for await _ in await UnixSignalsSequence(trapping: signals) {
                            state.ask(stopping ? .now : .graceful)
                            stopping = true
                        }
                    }
                }
                try await tasks.next()
                tasks.cancelAll()
            }
        } catch {
            if let code = Self.errnoOfBind(error) {
                throw ServerStartError.cannotListen(address: Self.authority(host: host, port: port), errno: code)
            }
            throw error
        }
    }

    /// Carries out the stop commands: the first starts a graceful shutdown and a timer that
    /// closes what is left after `grace`; `.now`, or a second command, closes everything.
    private static func obey(_ commands: AsyncStream<ServerState.Command>, group: ServiceGroup, book: ConnectionBook,
                             broadcast: ChangeBroadcast, grace: Duration, report: @escaping @Sendable (ServerStop) -> Void) async {
        var graceTimer: Task<Void, Never>?
        defer { graceTimer?.cancel() }
        for await command in commands {
            if graceTimer == nil {
                // The clients waiting for changes are answered: no transfer for the grace to wait for.
                broadcast.stop()
                if command == .graceful { report(.stopping(transfers: book.busyCount, grace: grace)) }
                await group.triggerGracefulShutdown()
                graceTimer = Task {
                    guard (try? await Task.sleep(for: grace)) != nil else { return }
                    book.closeAll()
                }
                if command == .graceful { continue }
            }
            report(.stoppingNow)
            book.closeAll()
        }
    }

    /// Shuts the server down as SIGTERM does: no new connections, the transfers under way
    /// finish (for at most `limits.shutdownGrace`), then `run()` returns.
    package func shutDown() async {
        state.ask(.graceful)
    }

    /// Closes every connection now, as a second SIGTERM or Ctrl+C does.
    package func stopNow() {
        state.ask(.now)
    }

    /// The port the server listens on, once it does (waits for it); nil if `run()` ended
    /// without listening.
    package var boundPort: Int? {
        get async { await state.port }
    }

    /// How many clients wait for the library's next change now.
    package var waitingForChanges: Int {
        broadcast.waiting
    }

    /// The connections open now, and how many of them have a request under way.
    package var connections: (open: Int, busy: Int) {
        (book.openCount, book.busyCount)
    }

    /// `host:port`, with an IPv6 host in brackets.
    package static func authority(host: String, port: Int) -> String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }

    /// The errno of a failed bind, found in what the service group threw.
    private static func errnoOfBind(_ error: any Error) -> Int32? {
        (error as? IOError)?.errnoCode
    }

    /// The account a token's clients share: the first 16 bytes of the token's HMAC-SHA-256
    /// under `key`, in hex. The database never holds the token, and without the key (kept
    /// apart, mode 0600) it cannot confirm a guess of it.
    package static func account(of token: String, key: String) -> String {
        hex(HMAC<SHA256>.authenticationCode(for: Data(token.utf8), using: SymmetricKey(data: Data(key.utf8))))
    }

    /// The account as a bare hash of the token (the first 16 bytes of its SHA-256), which a
    /// library may still hold marks under.
    package static func legacyAccount(of token: String) -> String {
        hex(SHA256.hash(data: Data(token.utf8)))
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.prefix(16).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}
