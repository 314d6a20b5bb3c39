import Catalog
import Hummingbird
import Library
import ServerWire

/// The routes of `WireProtocol`, past the token check: pages of titles, a title, the title
/// after it, and its files.
struct LibraryRoutes: Sendable {
    let database: LibraryDatabase
    let provider: LibraryProvider
    let totals: TotalCache
    /// `http://host:port` (or `https://`) the server is bound to, for `next` links; the
    /// request's Host replaces the host and port when it is a plain one.
    let boundOrigin: @Sendable () -> String

    func answer(_ request: Request) async throws -> Response {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        // "/v1/titles…" splits into "", "v1", "titles", …
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "v1", parts[2] == "titles" || parts[2] == "facets" else {
            return Reply.error(.notFound, "there is nothing at this address")
        }
        guard request.method == .get || request.method == .head else {
            return Reply.error(.methodNotAllowed, "only GET and HEAD are answered here", headers: [.allow: "GET, HEAD"])
        }
        if parts[2] == "facets" {
            guard parts.count == 3 else { return Reply.error(.notFound, "there is nothing at this address") }
            return Reply.json(try await provider.facets())
        }
        let query = QueryString(request.uri.query)
        if parts.count == 3 { return try await page(query, request: request) }
        guard let rowID = PublicID.rowID(parts[3]), parts.count <= 5 else {
            return Reply.error(.notFound, "there is no such title")
        }
        switch parts.count == 4 ? "" : parts[4] {
        case "": return try await title(rowID)
        case "next": return try await title(after: rowID, query: query["q"] ?? "")
        case "video": return try await file(rowID, \.videoFile, request: request)
        case "subtitles": return try await file(rowID, \.subtitlesFile, request: request)
        default: return Reply.error(.notFound, "there is nothing at this address")
        }
    }

    /// `GET /v1/titles?limit=&q=&after=`.
    private func page(_ query: QueryString, request: Request) async throws -> Response {
        let limit: Int
        if let text = query["limit"] {
            guard let number = Int(text), (1 ... WireProtocol.maximumLimit).contains(number) else {
                return Reply.error(.badRequest, "limit must be a whole number from 1 to \(WireProtocol.maximumLimit)")
            }
            limit = number
        } else {
            limit = WireProtocol.defaultLimit
        }
        let search = query["q"] ?? ""
        guard let scope = WireScope.scope(from: query) else {
            return Reply.error(.badRequest, "scope must be films or shows, or show=NAME with an optional season=N")
        }
        guard let order = WireOrder.order(from: query) else {
            return Reply.error(.badRequest, "order must be title, year, added or length")
        }
        guard var filter = WireOrder.filter(from: query) else {
            return Reply.error(.badRequest, "genre must be a name, and decade a year such as 1990")
        }
        var pageRequest = PageRequest(query: search, scope: search.isEmpty ? scope : .all, cursor: query["after"].map(PageCursor.token) ?? .start,
                                      pageSize: limit)
        if pageRequest.isOrdered {
            pageRequest.order = order
            pageRequest.filter = filter
        } else {
            filter = ListFilter()
        }
        let page: Page
        do {
            page = try await provider.page(pageRequest)
        } catch CatalogError.unknownCursor {
            return Reply.error(.badRequest, "the page's after cursor is not one this server gave")
        }
        async let total = totals.total(query: search, scope: search.isEmpty ? scope : .all, filter: filter)
        let served = try await database.servedTitles(keys: page.items.filter { $0.group == nil }.map(\.id))
        let titles = page.items.compactMap { item in
            item.group.map { WireTitle(id: item.id, title: item.title, year: item.year > 0 ? item.year : nil, genre: $0.seasonsText.isEmpty ? nil : $0.seasonsText,
                                       group: WireGroup($0)) }
                ?? served[item.id].map(WireTitle.init(served:))
        }
        var headers: HTTPFields = [:]
        var next: String?
        if case .token(let token)? = page.next {
            var url = origin(of: request) + WireProtocol.titlesPath + "?limit=\(limit)"
            if !search.isEmpty {
                url += "&q=" + PercentEncoding.encode(search)
            } else {
                url += WireScope.query(for: scope) + WireOrder.query(order: pageRequest.order, filter: pageRequest.filter)
            }
            url += "&after=" + PercentEncoding.encode(token)
            next = url
            headers[HeaderName.link] = "<\(url)>; rel=\"next\""
        }
        return Reply.json(WirePage(titles: titles, next: next, total: try await total), headers: headers)
    }

    /// `GET /v1/titles/{id}`.
    private func title(_ rowID: Int64) async throws -> Response {
        guard let served = try await database.servedTitle(rowID: rowID) else {
            return Reply.error(.notFound, "there is no such title")
        }
        return Reply.json(WireTitle(served: served))
    }

    /// `GET /v1/titles/{id}/next?q=`.
    private func title(after rowID: Int64, query: String) async throws -> Response {
        guard let served = try await database.servedTitle(rowID: rowID) else {
            return Reply.error(.notFound, "there is no such title")
        }
        guard let following = try await provider.title(after: served.title.id, query: query),
              let next = try await database.servedTitles(keys: [following.id])[following.id]
        else {
            return Reply.error(.notFound, "nothing comes after this title (a film, or a show's last episode)")
        }
        return Reply.json(WireTitle(served: next))
    }

    /// `GET /v1/titles/{id}/video`, `…/subtitles`.
    private func file(_ rowID: Int64, _ which: KeyPath<ServedTitle, String?>, request: Request) async throws -> Response {
        guard let served = try await database.servedTitle(rowID: rowID) else {
            return Reply.error(.notFound, "there is no such title")
        }
        guard let path = served[keyPath: which] else {
            return Reply.error(.notFound, "this title has no such file on the server")
        }
        let roots = ServingRoots(try await database.servingRoots())
        return try await FileReply.response(path: path, roots: roots, request: request)
    }

    /// The scheme and the request's `Host` when it is a plain host name or address (with a
    /// port), else the scheme and address the server is bound to.
    private func origin(of request: Request) -> String {
        let bound = boundOrigin()
        guard let host = plainHost(of: request), let separator = bound.range(of: "://") else { return bound }
        return bound[..<separator.upperBound] + host
    }

    private func plainHost(of request: Request) -> String? {
        if let host = request.head.authority, !host.isEmpty, host.utf8.count <= 255,
           host.utf8.allSatisfy({ byte in
               (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                   || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || Array(".-:[]".utf8).contains(byte)
           }) {
            return host
        }
        return nil
    }
}
