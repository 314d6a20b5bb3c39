import AsyncHTTPClient
import NIOCore

extension RemoteProvider {
    /// The HTTP client providers use unless given another: one for the process, never shut
    /// down. Unlike `HTTPClient.shared` it follows no redirect (a page is where the server says)
    /// and does not retry a refused connection until a timeout (a stopped server is said at
    /// once); the provider bounds each request with its own timeout.
    public static let sharedClient: HTTPClient = {
        var pool = HTTPClient.Configuration.ConnectionPool(idleTimeout: .seconds(30))
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
