import AsyncHTTPClient
import NIOCore

extension FileDownloader {
    /// The HTTP client downloaders use unless given another: one for the process, never shut
    /// down. It follows no redirect (an Authorization header must not go to another host),
    /// decodes no body (the bytes on disk are the server's) and says a refused connection at
    /// once; stalls are the downloader's own timeout.
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
