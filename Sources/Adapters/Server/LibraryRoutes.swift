import Foundation
import Catalog
import Hummingbird
import Library
import ServerWire
import TextFormat

/// The routes of `WireProtocol`, past the token check: pages of titles, a title, the title
/// after it, and its files.
struct LibraryRoutes: Sendable {
    let database: LibraryDatabase
    let provider: LibraryProvider
    let totals: TotalCache
    /// What this server's clients watched: the owner's history, which the token's clients share.
    let watchStore: LibraryWatchStore
    /// The library's changes, for `GET /v1/changes`.
    let broadcast: ChangeBroadcast
    /// The server's connections: a long poll is one that may be answered early to make room.
    let book: ConnectionBook

    /// The answer to `request`, which came on the connection `connection` (the channel's identity).
    func answer(_ request: Request, connection: ObjectIdentifier) async throws -> Response {
        let parts = request.uri.path.split(separator: "/", omittingEmptySubsequences: false)
        // "/v1/titles…" splits into "", "v1", "titles", …
        guard parts.count >= 3, parts[0].isEmpty, parts[1] == "v1", ["titles", "facets", "watch", "changes"].contains(parts[2]) else {
            return Reply.error(.notFound, "there is nothing at this address")
        }
        if parts[2] == "watch", parts.count == 3 { return try await watch(request) }
        guard request.method == .get || request.method == .head else {
            return Reply.error(.methodNotAllowed, "only GET and HEAD are answered here", headers: [.allow: "GET, HEAD"])
        }
        if parts[2] == "changes" {
            guard parts.count == 3 else { return Reply.error(.notFound, "there is nothing at this address") }
            return await changes(QueryString(request.uri.query), connection: connection)
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

    /// `GET /v1/titles?limit=&q=&after=` (or `&before=`).
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
        guard let filter = WireOrder.filter(from: query) else {
            return Reply.error(.badRequest, "genre must be a name, and decade a year such as 1990")
        }
        guard let cursor = Self.cursor(from: query) else {
            return Reply.error(.badRequest, "the page's after or before cursor is not one this server gave")
        }
        var pageRequest = PageRequest(query: search, scope: search.isEmpty ? scope : .all, cursor: cursor, pageSize: limit)
        if pageRequest.isOrdered {
            pageRequest.order = order
            pageRequest.filter = filter
        }
        let page: Page
        do {
            page = try await provider.page(pageRequest)
        } catch CatalogError.unknownCursor {
            return Reply.error(.badRequest, "the page's after or before cursor is not one this server gave")
        }
        // The last page counted its list as it read it; other pages take the cached count.
        let (counted, totals, listed) = (page.total, totals, pageRequest)
        async let total: Int = {
            if let counted { return counted }
            return try await totals.total(query: search, scope: listed.scope, filter: listed.filter)
        }()
        let served = try await database.servedTitles(keys: page.items.filter { $0.group == nil }.map(\.id))
        let isHome = pageRequest.scope == .home
        let titles = page.items.compactMap { item -> WireTitle? in
            var wire = item.group.map { WireTitle(id: item.id, title: item.title, year: item.year > 0 ? item.year : nil,
                                                  genre: $0.seasonsText.isEmpty ? nil : $0.seasonsText, group: WireGroup($0)) }
                ?? served[item.id].map(WireTitle.init(served:))
            // Home's rows say which part of it they are in ("◐ continue", "▶ next up", "new").
            if isHome { wire?.shelf = item.genre }
            return wire
        }
        // The links: this list's path (the same limit, search, scope, order and filter) with a
        // cursor. A path, on whatever address the client reached the server by: never built from
        // the request's Host, which the client chooses.
        var list = WireProtocol.titlesPath + "?limit=\(limit)"
        if !search.isEmpty {
            list += "&q=" + PercentEncoding.encode(search)
        } else {
            list += WireScope.query(for: scope) + WireOrder.query(order: pageRequest.order, filter: pageRequest.filter)
        }
        func link(_ cursor: PageCursor?, _ name: String) -> String? {
            guard case .token(let token)? = cursor else { return nil }
            return list + "&\(name)=" + PercentEncoding.encode(token)
        }
        let wire = WirePage(titles: titles, next: link(page.next, "after"), previous: link(page.previous, "before"),
                            last: link(page.last, "before"), total: try await total)
        var headers: HTTPFields = [:]
        let links = [(wire.next, "next"), (wire.previous, "prev"), (wire.last, "last")].compactMap { url, relation in
            url.map { "<\($0)>; rel=\"\(relation)\"" }
        }
        if !links.isEmpty { headers[HeaderName.link] = links.joined(separator: ", ") }
        return Reply.json(wire, headers: headers)
    }

    /// The cursor a page request gives: the start without one; `after`, a forward page's
    /// cursor (`next`), or `before`, a cursor of a page read from the list's end (`last`,
    /// `previous`); nil when it gives both, or a cursor in the wrong one. (The library checks
    /// the rest of it.)
    static func cursor(from query: QueryString) -> PageCursor? {
        switch (query["after"], query["before"]) {
        case (nil, nil): return .start
        case (let after?, nil): return LibraryProvider.readsBackward(.token(after)) ? nil : .token(after)
        case (nil, let before?): return LibraryProvider.readsBackward(.token(before)) ? .token(before) : nil
        case (_?, _?): return nil
        }
    }

    /// `GET /v1/watch`: the account's marks, by title id; `POST /v1/watch`: marks to keep (ids
    /// of titles the library does not have are left out), at most `WireWatchMarks.maximumCount`
    /// in at most `maximumBytes`.
    private func watch(_ request: Request) async throws -> Response {
        switch request.method {
        case .get, .head:
            // Un-marks too, with every mark's time: a client drops a mark another took back.
            let states = try await watchStore.allStates()
            let rows = try await database.rowIDs(forKeys: Array(states.keys))
            var wire: [String: WireWatchMark] = [:]
            for (key, state) in states {
                if let row = rows[key] {
                    wire[PublicID.string(row)] = WireWatchMark(position: state.position, watched: state.watched, updated: state.updated)
                }
            }
            return Reply.json(WireWatchMarks(marks: wire))
        case .post:
            var request = request
            let body: ByteBuffer
            do {
                body = try await request.collectBody(upTo: WireWatchMarks.maximumBytes)
            } catch {
                return Reply.error(.contentTooLarge, "at most \(CountText.grouped(WireWatchMarks.maximumBytes)) bytes of marks at once")
            }
            guard JSONNesting.tooDeep(body.readableBytesView) == nil else {
                return Reply.error(.badRequest, "the body nests deeper than \(JSONNesting.maximumDepth) levels")
            }
            guard let sent = try? JSONDecoder().decode(WireWatchMarks.self, from: Data(body.readableBytesView)) else {
                return Reply.error(.badRequest, "the body must be {\"marks\":{\"t42\":{\"position\":600,\"watched\":false}}}")
            }
            let groups = sent.groups ?? []
            guard sent.marks.count + groups.count <= WireWatchMarks.maximumCount else {
                return Reply.error(.contentTooLarge, "at most \(CountText.grouped(WireWatchMarks.maximumCount)) marks at once")
            }
            // A mark without its time (a client that sends none) is set now; a time in the
            // future counts as now (`LibraryWatchStore.save(states:)`).
            let now = LibraryDatabase.now()
            var byRow: [Int64: WatchState] = [:]
            for (id, mark) in sent.marks {
                guard let row = PublicID.rowID(id) else { continue }
                byRow[row] = WatchState(watched: mark.watched, position: min(max(0, mark.position), 100_000_000),
                                        updated: mark.updated ?? now)
            }
            let keys = try await database.keys(forRowIDs: Array(byRow.keys))
            var states: [String: WatchState] = [:]
            for (row, state) in byRow { if let key = keys[row] { states[key] = state } }
            try await watchStore.save(states: states)
            for group in groups where !group.show.isEmpty && group.show.utf8.count <= 1_000 {
                let mark = GroupWatchMark(group: group.season.map { .season(show: group.show, $0, episodes: 0) } ?? .show(group.show, seasons: 0, episodes: 0),
                                          watched: group.watched)
                try await watchStore.mark(mark, at: group.updated ?? now)
            }
            return Reply.json(WireWatchSaved(saved: states.count + groups.count))
        default:
            return Reply.error(.methodNotAllowed, "only GET, HEAD and POST are answered here", headers: [.allow: "GET, HEAD, POST"])
        }
    }

    /// `GET /v1/changes?since=N&wait=S`: the library's generation (`{"generation":N}`) as soon
    /// as it differs from `since`, or after `wait` seconds (at most 25) if it does not. A wait
    /// cut short (too many waiting, or its connection's slot needed) is answered with the
    /// generation as it is and `Connection: close`: the client asks again on a new connection.
    private func changes(_ query: QueryString, connection: ObjectIdentifier) async -> Response {
        let since = query["since"].flatMap(Int.init)
        let wait = min(25, max(0, query["wait"].flatMap(Int.init) ?? 0))
        guard let since, wait > 0 else { return Reply.json(WireChanges(generation: broadcast.generation)) }
        let book = book
        let (generation, cutShort) = await broadcast.wait(after: since, atMost: .seconds(wait)) { answerNow in
            book.waiting(connection, answerNow: answerNow)
        }
        book.enter(connection, .working)
        return Reply.json(WireChanges(generation: generation), headers: cutShort ? [.connection: "close"] : [:])
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
}
