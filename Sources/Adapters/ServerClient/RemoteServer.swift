import ServerWire

/// The address of a `spindle serve`: `http://host:port` or `https://host:port` (the port may be
/// left out: 80 and 443), nothing else. Also says whether a URL is on this server (same scheme,
/// host and port), which decides where the token may go.
///
///     let server = try RemoteServer.parse("http://127.0.0.1:8700")
///     server.url("/v1/titles")                                  // "http://127.0.0.1:8700/v1/titles"
///     server.isOrigin(of: "http://127.0.0.1:8700/v1/titles?after=x")   // true
///     server.isOrigin(of: "http://elsewhere:8700/v1/titles")           // false
package struct RemoteServer: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// "http" or "https".
    package let scheme: String
    /// Lowercased; an IPv6 address keeps its brackets ("[::1]").
    package let host: String
    /// The port connected to, the scheme's default when the address gives none.
    package let port: Int
    /// The address as written back: scheme, host and the port if it was given.
    package let address: String

    package var description: String { address }

    /// Reads a server address. Throws `RemoteError.invalidServer` saying what is wrong.
    package static func parse(_ text: String) throws(RemoteError) -> RemoteServer {
        do throws(HTTPURL.Problem) {
            let url = try HTTPURL(text)
            guard !url.hasMore else {
                throw HTTPURL.Problem("give only the scheme, host and port (http://host:port), no path or query")
            }
            return RemoteServer(url)
        } catch {
            throw .invalidServer(text, reason: error.reason)
        }
    }

    private init(_ url: HTTPURL) {
        scheme = url.scheme
        host = url.host
        port = url.port
        address = url.explicitPort ? "\(scheme)://\(host):\(port)" : "\(scheme)://\(host)"
    }

    /// The absolute URL of `path` on this server; `path` starts with "/".
    package func url(_ path: String) -> String {
        address + path
    }

    /// Whether `url` is an absolute URL on this server (same scheme, host and port).
    package func isOrigin(of url: String) -> Bool {
        guard let other = try? HTTPURL(url) else { return false }
        return other.scheme == scheme && other.host == host && other.port == port
    }

    /// The scheme, host and port of `url` as text, for messages ("http://other:80"), or a
    /// cleaned piece of it when it is not a URL.
    static func origin(of url: String) -> String {
        guard let parsed = try? HTTPURL(url) else { return TextCleaning.clean(url, limit: 80) }
        return "\(parsed.scheme)://\(parsed.host):\(parsed.port)"
    }
}
