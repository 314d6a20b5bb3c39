import AsyncHTTPClient
import NIOCore

/// The HTTP client Spindle's clients use unless given another (the catalog client, the
/// downloader): one for the process, never shut down. Unlike `HTTPClient.shared` it follows no
/// redirect (an Authorization header must not go to another host, and a page is where the
/// server says), decodes no body (the bytes are the server's), and does not retry a refused
/// connection until a timeout (a stopped server is said at once); each caller bounds its
/// requests with its own timeout.
///
///     let response = try await StrictHTTPClient.shared.execute(request, timeout: .seconds(10))
package enum StrictHTTPClient {
    /// How many connections to one server the client keeps at most (a page, the changes' long
    /// poll, the watch marks...): as many kept-alive connections can be found closed at once
    /// when the server stops.
    package static let connectionsPerServer = 8

    package static let shared: HTTPClient = {
        // Below `spindle serve`'s 10 s request timeout: the client drops an idle connection
        // before the server closes it, so no request is ever sent on one being closed.
        var pool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(5), concurrentHTTP1ConnectionsPerHostSoftLimit: connectionsPerServer)
        pool.retryConnectionEstablishment = false
        let configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(30)),
            connectionPool: pool,
            decompression: .disabled
        )
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
