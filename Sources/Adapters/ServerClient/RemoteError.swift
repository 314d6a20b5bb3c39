import Catalog
import JSON
import ServerWire

/// Why the server could not answer, in one line a user can read. No case ever holds the token.
///
///     do { _ = try await provider.page(request) } catch let error as RemoteError {
///         print(error)   // cannot reach http://127.0.0.1:8700: connection refused (is spindle serve running?)
///     }
package enum RemoteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The server's address is not one Spindle can use (`RemoteServer.parse`).
    case invalidServer(String, reason: String)
    /// Nothing answered at the server's address: `reason` is the system's words ("connection refused").
    case unreachable(server: String, reason: String)
    /// The host's name did not resolve.
    case hostNotFound(String)
    /// The connection ended before the whole answer arrived.
    case connectionClosed
    /// The request (connecting and the whole answer) took longer than the provider's timeout.
    case timedOut(Duration)
    /// 401: the server refused the token.
    case unauthorized
    /// 404 on the titles path: the address answers, but not as `spindle serve` does.
    case noLibrary(String)
    /// 5xx, with the server's own message (`WireError`), cleaned.
    case serverFailed(status: Int, message: String)
    /// Another status the client did not expect (400, 403, …), with the server's message.
    case refused(status: Int, message: String)
    /// A redirect (3xx), which the client does not follow: the address given is not the server's own.
    case redirected(status: Int, to: String)
    /// The answer was not the JSON the protocol says.
    case unreadableAnswer
    /// The answer nests deeper than `JSONNesting.maximumDepth`: no answer of the protocol does.
    case answerNestedTooDeep
    /// The answer was larger than `WireProtocol.maximumPageBytes`.
    case pageTooBig
    /// A next-page link (or a cursor) pointed at another server than the provider's.
    case foreignNextPage(origin: String)
    /// No token was given by any source (`ServerToken.resolve`); `file` is where it was looked for.
    case noToken(file: String)
    /// The token has characters an HTTP header cannot carry (`reason` says which kind).
    case invalidToken(reason: String)
    /// The token file exists but could not be read.
    case unreadableTokenFile(path: String, reason: String)

    package var description: String {
        switch self {
        case .invalidServer(let address, let reason):
            "invalid server address \"\(TextCleaning.clean(address, limit: 200))\": \(reason)"
        case .unreachable(let server, let reason):
            "cannot reach \(server): \(reason) (is spindle serve running?)"
        case .hostNotFound(let host):
            "cannot find host \(TextCleaning.clean(host, limit: 200))"
        case .connectionClosed:
            "the server closed the connection"
        case .timedOut(let timeout):
            "the server did not answer within \(TextCleaning.duration(timeout))"
        case .unauthorized:
            "not authorized: the server refused the token (give it with --token or SPINDLE_TOKEN)"
        case .noLibrary(let url):
            "no library at \(url) (is it spindle serve?)"
        case .serverFailed(let status, let message):
            message.isEmpty ? "the server failed (\(status))" : "the server failed (\(status)): \(message)"
        case .refused(let status, let message):
            message.isEmpty
                ? "the server refused the request (\(status))"
                : "the server refused the request (\(status)): \(message)"
        case .redirected(let status, let location):
            location.isEmpty
                ? "the server redirects (\(status)): give its own address with --server"
                : "the server redirects (\(status)) to \(TextCleaning.clean(location, limit: 200)): give that address with --server"
        case .unreadableAnswer:
            "the server's answer could not be read"
        case .answerNestedTooDeep:
            "the server's answer nests deeper than \(JSONNesting.maximumDepth) levels, which no answer does"
        case .pageTooBig:
            "the server's page is too big"
        case .foreignNextPage(let origin):
            "the server's next page is on another server (\(TextCleaning.clean(origin, limit: 200))): not sending the token there"
        case .noToken(let file):
            "no token: give it with --token, SPINDLE_TOKEN or in \(file) (spindle serve writes it there)"
        case .invalidToken(let reason):
            "the token cannot be sent: \(reason)"
        case .unreadableTokenFile(let path, let reason):
            // The token file's own errors name it already.
            reason.contains(path) ? reason : "cannot read the token file \(path): \(reason)"
        }
    }
}
