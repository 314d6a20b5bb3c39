import Hummingbird
import MediaScan
import ServerWire

/// `GET /v1/titles/{id}/previews/{n}` (`WirePreviews`): a served title's seek preview sheets,
/// made by ffmpeg the first time a client asks (`PreviewSheetMaker`, as the app makes its own),
/// kept in the previews cache, and sent as PNG.
///
/// Only a file inside a served folder, once its links are resolved, is read, and it is made
/// from its resolved path. One sheet is made at a time for the whole server, and at most
/// `maximumWaiting` requests wait for their turn: past that a request gets 503 with
/// `Retry-After`, so a client seeking through many films cannot start many ffmpeg processes.
/// A request whose client goes away stops waiting, and its ffmpeg is killed by pid.
final class ServedPreviews: Sendable {
    let cache: PreviewSheetCache?
    let maker: PreviewSheetMaker
    private let turns = SheetTurns()
    /// Requests that may wait while another sheet is made.
    static let maximumWaiting = 4

    /// `maker` makes sheets of `WirePreviews`' layout unless told otherwise (the tests' ffmpeg).
    init(cacheFolder: String?, maker: PreviewSheetMaker = PreviewSheetMaker(layout: ServedPreviews.layout,
                                                                              maximumSheets: WirePreviews.maximumSheets)) {
        cache = cacheFolder.map(PreviewSheetCache.init(folder:))
        self.maker = maker
    }

    /// The sheets' layout, as `WirePreviews` tells clients.
    static let layout = PreviewSheetLayout(interval: WirePreviews.interval, columns: WirePreviews.columns,
                                           rows: WirePreviews.rows, tileSide: WirePreviews.tileSide)

    /// The answer for sheet `sheet` (the path's text) of the title whose media file is `path`
    /// (nil: none on the server), `duration` seconds long.
    func response(path: String?, duration: Int, roots: ServingRoots, sheet text: String, request: Request) async -> Response {
        guard let index = Int(text), index >= 0, String(index) == text else {
            return Reply.error(.notFound, "there is no such preview sheet")
        }
        guard let path, let real = MediaFolderWalker.realPath(path), roots.allows(realPath: real) else {
            return Reply.error(.notFound, "this title has no file on the server")
        }
        let count = WirePreviews.sheetCount(duration: duration)
        guard index < count else {
            return Reply.error(.notFound, count == 0 ? "this title's length is not known" : "this title has \(count) preview sheets")
        }
        let png: [UInt8]
        switch await sheet(index, of: real) {
        case .success(let made): png = made
        case .failure(let refusal): return refusal.response
        }
        let tag = WirePreviews.entityTag(png: png)
        var headers: HTTPFields = [.eTag: tag, .cacheControl: "private, max-age=\(WirePreviews.maximumAge)"]
        if let asked = request.headers[.ifNoneMatch], asked.split(separator: ",").contains(where: { $0.trimmingSpaces == tag }) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// The sheet from the cache, else made in its turn.
    private func sheet(_ index: Int, of media: String) async -> Result<[UInt8], ServedArt.Refusal> {
        if let kept = cache?.sheet(index, ofMedia: media, layout: maker.layout) { return .success(kept) }
        if cache?.hasFailed(media, layout: maker.layout) == true { return .failure(Self.unreadable) }
        guard await turns.enter(maximumWaiting: Self.maximumWaiting) else { return .failure(Self.busy("other preview sheets")) }
        defer { Task { await turns.leave() } }
        if Task.isCancelled { return .failure(Self.busy("a request that went away")) }
        // Made while this request waited.
        if let kept = cache?.sheet(index, ofMedia: media, layout: maker.layout) { return .success(kept) }
        do {
            let png = try await maker.sheet(index, of: media)
            try? cache?.store(png, sheet: index, ofMedia: media, layout: maker.layout)
            return .success(png)
        } catch let error as PreviewSheetError {
            if error.isUnreadable {
                if index == 0 { cache?.markFailed(media, layout: maker.layout) }
                return .failure(Self.unreadable)
            }
            return .failure(Self.busy("a sheet that ran out of time"))
        } catch {
            return .failure(Self.busy("a sheet that could not be made"))
        }
    }

    static let unreadable = ServedArt.Refusal(response: Reply.error(.notFound, "this title has no preview frames ffmpeg could read"))

    /// 503: ask again in a few seconds.
    static func busy(_ what: String) -> ServedArt.Refusal {
        ServedArt.Refusal(response: Reply.error(.serviceUnavailable, "the server is busy with \(what); ask again later",
                                                headers: [.retryAfter: "5"]))
    }
}

/// One holder at a time, and at most a few waiting, first come first served: who makes a
/// preview sheet now, for the whole server.
///
///     guard await turns.enter(maximumWaiting: 4) else { return busy }
///     defer { Task { await turns.leave() } }
actor SheetTurns {
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// How many wait for their turn now.
    var waitingCount: Int { waiting.count }

    /// Waits for the turn; false at once when `maximumWaiting` already wait.
    func enter(maximumWaiting: Int) async -> Bool {
        guard held else {
            held = true
            return true
        }
        guard waiting.count < maximumWaiting else { return false }
        await withCheckedContinuation { waiting.append($0) }
        return true
    }

    /// Hands the turn to the first waiting, if any.
    func leave() {
        if waiting.isEmpty {
            held = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
