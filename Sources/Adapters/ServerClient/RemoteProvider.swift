import AsyncHTTPClient
import Catalog
import ServerWire

/// The titles of a `spindle serve`, page by page over HTTP (docs/remote.md).
///
/// Each page is one `GET /v1/titles` with the token; the server's `next` link becomes the
/// page's cursor and is followed as given (but for its `limit`: the page size asked for), and
/// only on the same server; so are its `last` and `previous` links (pages from the list's end).
/// A request in flight is aborted when its task is cancelled (`CancellationError`), and the
/// whole of it, connecting and the answer, is bounded by `timeout`. Failures are `RemoteError`s,
/// one line a user can
/// read; nothing is retried by itself, but a GET whose kept-alive connection the server had
/// closed, which is asked once more on a new connection.
///
///     let provider = try RemoteProvider(server: "http://127.0.0.1:8700", token: token)
///     let first = try await provider.page(PageRequest(query: "amélie", pageSize: 50))
///     let more = try await provider.page(PageRequest(query: "amélie", cursor: first.next!, pageSize: 50))
package struct RemoteProvider: PageProvider, CustomStringConvertible, CustomReflectable {
    package let server: RemoteServer
    package let timeout: Duration
    let token: String
    let client: HTTPClient

    /// - Parameters:
    ///   - server: "http://host:port" or "https://host:port"; throws `RemoteError.invalidServer`.
    ///   - token: the server's token (`ServerToken.resolve`); throws `RemoteError.invalidToken`
    ///     if it has characters a header cannot carry.
    ///   - timeout: the most one request may take, connecting and reading the whole answer.
    ///   - client: the HTTP client; by default `RemoteProvider.sharedClient`, which neither
    ///     follows redirects nor retries a refused connection.
    package init(
        server: String, token: String, timeout: Duration = .seconds(10),
        client: HTTPClient = RemoteProvider.sharedClient
    ) throws(RemoteError) {
        self.server = try RemoteServer.parse(server)
        self.token = try ServerToken.validatedForClient(token)
        self.timeout = timeout
        self.client = client
    }

    /// The header the player sends with the media's URLs (mpv's `--http-header-fields`), and
    /// only to URLs on this server (`server.isOrigin(of:)`): "Authorization: Bearer TOKEN".
    package var authorizationHeader: String {
        "Authorization: Bearer \(token)"
    }

    package func page(_ request: PageRequest) async throws -> Page {
        let url = try pageURL(for: request)
        let wire = try await fetch(WirePage.self, from: url, notFound: .noLibrary)
        guard let wire else { throw RemoteError.noLibrary(server.url(WireProtocol.titlesPath)) }
        // The links become cursors as they are; `page` follows them only on this server.
        return Page(
            items: wire.titles.map { Title(wire: $0, server: server) },
            next: wire.next.map { .token($0) },
            previous: wire.previous.map { .token($0) },
            last: wire.last.map { .token($0) },
            total: wire.total
        )
    }

    /// The server's library decides up next (within a show).
    package var upNextIsTheListsNext: Bool { false }

    /// Films, shows, seasons (and, for a library, folders): `ListScope`.
    package var hasScopes: Bool { true }

    /// The server's library orders and filters its views.
    package var canOrder: Bool { true }

    package func facets() async throws -> ListFacets {
        // The server's word: at most as many as a library gives.
        let facets = try await fetch(ListFacets.self, from: server.url("/v1/facets"), notFound: .noLibrary) ?? ListFacets()
        return ListFacets(genres: Array(facets.genres.prefix(500)), decades: Array(facets.decades.prefix(200)))
    }

    package func title(after titleID: String, query: String) async throws -> Title? {
        let path = "\(WireProtocol.titlesPath)/\(PercentEncoding.encode(titleID))/next"
        let url = server.url("\(path)?q=\(PercentEncoding.encode(query))")
        let wire = try await fetch(WireTitle.self, from: url, notFound: .isNil)
        return wire.map { Title(wire: $0, server: server) }
    }

    /// The URL of a page: the first built from the request, the others as the server gave them
    /// (`next`, `last`, `previous`), but for their `limit`: the request's page size, at most
    /// the protocol's (a refresh from the end asks a `last` link for more than its page held).
    func pageURL(for request: PageRequest) throws -> String {
        let limit = min(request.pageSize, WireProtocol.maximumLimit)
        switch request.cursor {
        case .offset(0):
            // `count=no`: the list shows no total, so the server need not count it (the last page,
            // read from the end, still gives its own); its links keep it. A request that counts
            // (a reload) leaves it out.
            return server.url("\(WireProtocol.titlesPath)?limit=\(limit)&q=\(PercentEncoding.encode(request.query))"
                + (request.query.isEmpty ? WireScope.query(for: request.scope) : "")
                + (request.isOrdered ? WireOrder.query(order: request.order, filter: request.filter) : "")
                + (request.counts ? "" : "&count=no"))
        case .offset:
            throw CatalogError.unknownCursor(request.cursor)
        case .token(let link):
            // A path alone is taken as on this server; anything else must be on it.
            let url = link.hasPrefix("/") && !link.hasPrefix("//") ? server.url(link) : link
            guard server.isOrigin(of: url) else {
                throw RemoteError.foreignNextPage(origin: RemoteServer.origin(of: link))
            }
            let limited = Self.settingLimit(limit, in: url)
            return request.counts ? Self.removingNoCount(from: limited) : limited
        }
    }

    /// `url` with the value of its `limit` parameter (each, if repeated) replaced by `limit`;
    /// a URL without one is returned as it is.
    ///
    ///     settingLimit(200, in: "http://h/v1/titles?limit=50&before=L1.end")   // "…?limit=200&before=L1.end"
    static func settingLimit(_ limit: Int, in url: String) -> String {
        mappingParameters(in: url) { $0 == "limit" || $0.hasPrefix("limit=") ? "limit=\(limit)" : String($0) }
    }

    /// `url` without its `count=no` parameters, so that the server counts the list.
    static func removingNoCount(from url: String) -> String {
        mappingParameters(in: url) { $0 == "count=no" ? nil : String($0) }
    }

    /// `url` with each parameter of its query made anew by `transform` (nil: left out); a URL
    /// without a query is returned as it is.
    private static func mappingParameters(in url: String, _ transform: (Substring) -> String?) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let end = url[mark...].firstIndex(of: "#") ?? url.endIndex
        let parameters = url[url.index(after: mark) ..< end].split(separator: "&", omittingEmptySubsequences: false)
            .compactMap(transform)
        return String(url[...mark]) + parameters.joined(separator: "&") + url[end...]
    }

    package var description: String {
        "RemoteProvider(\(server), timeout: \(TextCleaning.duration(timeout)))"
    }

    /// Shows the server and timeout, never the token (dumps and debuggers print the mirror).
    package var customMirror: Mirror {
        Mirror(self, children: ["server": server.address, "timeout": timeout], displayStyle: .struct)
    }
}
