import Foundation
import Catalog
import Hummingbird
import JSON
import Library
import ServerWire
import TextFormat

/// The routes of `WireProtocol`, past the token check: pages of titles, a title, the title
/// after it, and its files, as `Route`s that `LibraryRouter` gives Hummingbird's router.
struct LibraryRoutes: Sendable {
    let database: LibraryDatabase
    let provider: LibraryProvider
    /// The connections pages are made on, on the asking task's thread.
    let readers: ServingReaders
    let totals: TotalCache
    /// Pages as sent, made once per version of the library (`changes`).
    let pages = VersionedCache<KeptPage>(budget: KeptPage.budget) { $0.body.readableBytes }
    /// The library's version, for what is kept of it (`totals`, `pages`).
    let changes: LibraryChangeCounter
    /// What this server's clients watched: the owner's history, which the token's clients share.
    let watchStore: LibraryWatchStore
    /// The library's changes, for `GET /v1/changes`.
    let broadcast: ChangeBroadcast
    /// The server's connections: a long poll is one that may be answered early to make room.
    let book: ConnectionBook
    /// Titles', shows' and seasons' pictures, for `GET /v1/titles/{id}/art` and `GET /v1/groups/art`.
    let art: ServedArt
    /// Titles' seek preview sheets, for `GET /v1/titles/{id}/previews/{n}`.
    let previews: ServedPreviews

    /// One of the API's addresses: its path as the router matches it, the methods it answers
    /// (HEAD with every GET), and its answer.
    struct Route: Sendable {
        var path: RouterPath
        var methods: [HTTPRequest.Method]
        var answer: @Sendable (Request, ConnectionContext) async throws -> Response
    }

    /// The API's addresses: `{id}` is a title's public id (`PublicID`).
    var routes: [Route] {
        let read: [HTTPRequest.Method] = [.get, .head]
        return [
            Route(path: "/v1/titles", methods: read) { request, _ in try await page(request.uri.formParameters) },
            Route(path: "/v1/titles/:id", methods: read) { _, context in
                try await withTitle(context) { try await title($0) }
            },
            Route(path: "/v1/titles/:id/next", methods: read) { request, context in
                try await withTitle(context) { try await title(after: $0, query: request.uri.formParameters.get("q") ?? "") }
            },
            Route(path: "/v1/titles/:id/video", methods: read) { request, context in
                try await withTitle(context) { try await file($0, \.videoFile, request: request) }
            },
            Route(path: "/v1/titles/:id/subtitles", methods: read) { request, context in
                try await withTitle(context) { try await file($0, \.subtitlesFile, request: request) }
            },
            Route(path: "/v1/titles/:id/art", methods: read) { request, context in
                try await withTitle(context) { try await picture($0, request: request) }
            },
            Route(path: "/v1/titles/:id/previews/:sheet", methods: read) { request, context in
                try await withTitle(context) { try await previewSheet($0, sheet: context.parameters.get("sheet") ?? "", request: request) }
            },
            Route(path: RouterPath(WireArt.groupsPath), methods: read) { request, _ in try await groupPicture(request) },
            Route(path: "/v1/facets", methods: read) { _, _ in Reply.json(try await provider.facets()) },
            Route(path: "/v1/watch", methods: read + [.post]) { request, _ in
                request.method == .post ? try await save(request) : try await marks()
            },
            Route(path: "/v1/changes", methods: read) { request, context in
                await changes(request.uri.formParameters, connection: context.connection)
            },
        ]
    }

    /// The answer for the title the path's `{id}` names, or 404 when it names none.
    private func withTitle(_ context: ConnectionContext, _ answer: (Int64) async throws -> Response) async throws -> Response {
        guard let id = context.parameters.get("id"), let rowID = PublicID.rowID(id) else {
            return Reply.error(.notFound, "there is no such title")
        }
        return try await answer(rowID)
    }

    /// `GET /v1/titles?limit=&q=&after=` (or `&before=`).
    private func page(_ query: Parameters) async throws -> Response {
        let limit: Int
        if let text = query.get("limit") {
            guard let number = Int(text), (1 ... WireProtocol.maximumLimit).contains(number) else {
                return Reply.error(.badRequest, "limit must be a whole number from 1 to \(WireProtocol.maximumLimit)")
            }
            limit = number
        } else {
            limit = WireProtocol.defaultLimit
        }
        let search = query.get("q") ?? ""
        let value = { (name: String) in query.get(name) }
        guard let scope = WireScope.scope(from: value) else {
            return Reply.error(.badRequest, "scope must be films or shows, or show=NAME with an optional season=N")
        }
        guard let order = WireOrder.order(from: value) else {
            return Reply.error(.badRequest, "order must be title, year, added or length")
        }
        guard let filter = WireOrder.filter(from: value) else {
            return Reply.error(.badRequest, "genre must be a name, and decade a year such as 1990")
        }
        // `count=no`: the client shows no total (Spindle's own), so a list is not counted for it.
        let counts: Bool
        switch query.get("count") {
        case nil: counts = true
        case "no": counts = false
        default: return Reply.error(.badRequest, "count must be no, or absent")
        }
        guard let cursor = Self.cursor(from: query) else {
            return Reply.error(.badRequest, "the page's after or before cursor is not one this server gave")
        }
        var pageRequest = PageRequest(query: search, scope: search.isEmpty ? scope : .all, cursor: cursor, pageSize: limit)
        if pageRequest.isOrdered {
            pageRequest.order = order
            pageRequest.filter = filter
        }
        // The links: this list's path (the same limit, search, scope, order and filter) with a
        // cursor. A path, on whatever address the client reached the server by: never built from
        // the request's Host, which the client chooses. With the cursor, it names the page: what
        // is kept of it is kept under that name.
        var list = WireProtocol.titlesPath + "?limit=\(limit)"
        if !search.isEmpty {
            list += "&q=" + PercentEncoding.encode(search)
        } else {
            list += WireScope.query(for: scope) + WireOrder.query(order: pageRequest.order, filter: pageRequest.filter)
        }
        if !counts { list += "&count=no" }
        let name = if case .token(let token) = cursor { list + "\u{1}" + token } else { list }
        let kept: KeptPage
        do {
            let version = try changes.version()
            let (request, list) = (pageRequest, list)
            kept = try await pages.value(for: name, version: version) {
                try await makePage(request, list: list, version: version, counts: counts)
            }
        } catch CatalogError.unknownCursor {
            return Reply.error(.badRequest, "the page's after or before cursor is not one this server gave")
        }
        var headers: HTTPFields = [:]
        if let link = kept.link { headers[HeaderName.link] = link }
        return Reply.json(encoded: kept.body, headers: headers)
    }

    /// The page `request` asks for, as sent: its JSON (`WirePage`, with its links to `list`
    /// with a cursor) and its Link header; its total only if it `counts`, or is known anyway.
    private func makePage(_ request: PageRequest, list: String, version: Int, counts: Bool) async throws -> KeptPage {
        let search = request.query
        // The list's count is kept, so a walk counts once; with it a search's page knows which
        // way to find its matches without counting them again. A list not counted yet is
        // counted beside its first page.
        let known = await totals.kept(query: search, scope: request.scope, filter: request.filter, version: version)
        let page: Page, served: [String: ServedTitle], total: Int?
        if known == nil, counts {
            // Counted on another reader while the page is read (a task of its own only then).
            async let counted = totals.total(query: search, scope: request.scope, filter: request.filter, version: version)
            (page, served) = try await readers.servedPage(request, matching: nil, from: provider)
            let count = try await counted
            total = page.total ?? count
        } else {
            (page, served) = try await readers.servedPage(request, matching: search.isEmpty ? nil : known, from: provider)
            total = page.total ?? known
        }
        let isHome = request.scope == .home
        let titles = page.items.compactMap { item -> WireTitle? in
            var wire = item.group.map { WireTitle(id: item.id, title: item.title, year: item.year > 0 ? item.year : nil,
                                                  genre: $0.seasonsText.isEmpty ? nil : $0.seasonsText, group: WireGroup($0)) }
                ?? served[item.id].map(WireTitle.init(served:))
            // Home's rows say which part of it they are in ("◐ continue", "▶ next up", "new").
            if isHome { wire?.shelf = item.genre }
            return wire
        }
        func link(_ cursor: PageCursor?, _ name: String) -> String? {
            guard case .token(let token)? = cursor else { return nil }
            return list + "&\(name)=" + PercentEncoding.encode(token)
        }
        let wire = WirePage(titles: titles, next: link(page.next, "after"), previous: link(page.previous, "before"),
                            last: link(page.last, "before"), total: total)
        let links = [(wire.next, "next"), (wire.previous, "prev"), (wire.last, "last")].compactMap { url, relation in
            url.map { "<\($0)>; rel=\"\(relation)\"" }
        }
        return KeptPage(body: ByteBuffer(string: wire.json()), link: links.isEmpty ? nil : links.joined(separator: ", "))
    }

    /// The cursor a page request gives: the start without one; `after`, a forward page's
    /// cursor (`next`), or `before`, a cursor of a page read from the list's end (`last`,
    /// `previous`); nil when it gives both, or a cursor in the wrong one. (The library checks
    /// the rest of it.)
    static func cursor(from query: Parameters) -> PageCursor? {
        switch (query.get("after"), query.get("before")) {
        case (nil, nil): return .start
        case (let after?, nil): return LibraryProvider.readsBackward(.token(after)) ? nil : .token(after)
        case (nil, let before?): return LibraryProvider.readsBackward(.token(before)) ? .token(before) : nil
        case (_?, _?): return nil
        }
    }

    /// `GET /v1/watch`: the account's marks, by title id.
    private func marks() async throws -> Response {
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
    }

    /// `POST /v1/watch`: marks to keep (ids of titles the library does not have are left out),
    /// at most `WireWatchMarks.maximumCount` in at most `maximumBytes`. The body is read here,
    /// not by Hummingbird's decoding: its nesting is checked before a decoder sees it.
    private func save(_ request: Request) async throws -> Response {
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
    }

    /// `GET /v1/changes?since=N&wait=S`: the library's generation (`{"generation":N}`) as soon
    /// as it differs from `since`, or after `wait` seconds (at most 25) if it does not. A wait
    /// cut short (too many waiting, or its connection's slot needed) is answered with the
    /// generation as it is and `Connection: close`: the client asks again on a new connection.
    private func changes(_ query: Parameters, connection: ObjectIdentifier) async -> Response {
        let since = query.get("since").flatMap(Int.init)
        let wait = min(25, max(0, query.get("wait").flatMap(Int.init) ?? 0))
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
              let next = try await database.servedTitles([following])[following.id]
        else {
            return Reply.error(.notFound, "nothing comes after this title (a film, or a show's last episode)")
        }
        return Reply.json(WireTitle(served: next))
    }

    /// `GET /v1/titles/{id}/art?kind=&width=` (`WireArt`).
    private func picture(_ rowID: Int64, request: Request) async throws -> Response {
        guard let served = try await database.servedTitle(rowID: rowID) else {
            return Reply.error(.notFound, "there is no such title")
        }
        let roots = ServingRoots(try await database.servingRoots())
        return await art.response(path: served.videoFile, duration: served.title.duration, roots: roots,
                                  query: request.uri.formParameters, request: request)
    }

    /// `GET /v1/titles/{id}/previews/{n}` (`WirePreviews`).
    private func previewSheet(_ rowID: Int64, sheet: String, request: Request) async throws -> Response {
        guard let served = try await database.servedTitle(rowID: rowID) else {
            return Reply.error(.notFound, "there is no such title")
        }
        let roots = ServingRoots(try await database.servingRoots())
        return await previews.response(path: served.videoFile, duration: served.title.duration, roots: roots,
                                       sheet: sheet, request: request)
    }

    /// `GET /v1/groups/art?show=&season=&kind=&width=` (`WireArt`).
    private func groupPicture(_ request: Request) async throws -> Response {
        let query = request.uri.formParameters
        guard let show = query.get("show"), !show.isEmpty, show.utf8.count <= 1_024 else {
            return Reply.error(.badRequest, "show must name a show")
        }
        var season: Int?
        if let text = query.get("season") {
            guard let number = Int(text), (0 ... 100_000).contains(number) else {
                return Reply.error(.badRequest, "season must be a whole number from 0 to 100000")
            }
            season = number
        }
        let episode = try await database.firstEpisode(of: show, season: season)
        let roots = ServingRoots(try await database.servingRoots())
        return await art.groupResponse(show: show, season: season, episode: episode, roots: roots,
                                       query: query, request: request)
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
