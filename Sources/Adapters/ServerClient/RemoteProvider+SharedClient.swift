import AsyncHTTPClient

extension RemoteProvider {
    /// The HTTP client providers use unless given another: `StrictHTTPClient.shared` (no
    /// redirects, no decoding, a refused connection said at once).
    package static var sharedClient: HTTPClient { StrictHTTPClient.shared }
}
