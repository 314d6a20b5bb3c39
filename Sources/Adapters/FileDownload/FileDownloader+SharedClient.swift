import AsyncHTTPClient
import ServerClient

extension FileDownloader {
    /// The HTTP client downloaders use unless given another: `StrictHTTPClient.shared` (no
    /// redirects, no decoding, a refused connection said at once).
    package static var sharedClient: HTTPClient { StrictHTTPClient.shared }
}
