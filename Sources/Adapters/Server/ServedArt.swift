import Hummingbird
import MediaScan
import ServerWire
import SpindleUIPictures
import Synchronization

/// `GET /v1/titles/{id}/art` and `GET /v1/groups/art` (`WireArt`): a served title's, show's or
/// season's picture, found and made as the app finds it for its own library (`ArtFinder`: art beside the file, the cover inside it, else a
/// frame), kept in the server's art cache, and sent as PNG.
///
/// Only what the library shares is read: every source (the media file, a poster beside it)
/// must lie inside a served folder once its links are resolved, so a `poster.jpg` that links to
/// a private photo elsewhere is not made into anyone's poster. The PNGs of the last pictures
/// asked for are kept in memory (at most `memoryBudget` bytes), by their `ETag`: a client's
/// revalidation costs a hash of pixels read from the cache, and a popular poster one encoding.
final class ServedArt: Sendable {
    let finder: ArtFinder
    private let encoded = Mutex(EncodedPictures())
    /// The most bytes of PNG kept in memory.
    static let memoryBudget = 16 << 20

    init(cacheFolder: String?) {
        finder = ArtFinder(cache: cacheFolder.map(ArtCache.init(folder:)))
    }

    /// The answer for the title whose media file is `path` (nil: it has none on the server).
    func response(path: String?, duration: Int, roots: ServingRoots, query: Parameters, request: Request) async -> Response {
        let asked: (kind: WireArt.Kind, width: Int)
        switch Self.size(query) {
        case .success(let size): asked = size
        case .failure(let answer): return answer.response
        }
        guard let path else { return Reply.error(.notFound, "this title has no file on the server") }
        let sources = asked.kind == .poster ? ArtFinder.sources(forMedia: path, duration: Double(duration))
            : ArtFinder.thumbnailSources(forMedia: path, duration: Double(duration))
        return await response(sources: sources, kind: asked.kind, width: asked.width, roots: roots, request: request,
                              missing: "this title has no picture")
    }

    /// The answer for a show's picture (`season` nil) or a season's, whose first episode with a
    /// file is `episode` (nil: none on the server): its folder's art, else the episode's frame.
    func groupResponse(show: String, season: Int?, episode: (path: String, duration: Double?)?, roots: ServingRoots,
                       query: Parameters, request: Request) async -> Response {
        let asked: (kind: WireArt.Kind, width: Int)
        switch Self.size(query) {
        case .success(let size): asked = size
        case .failure(let answer): return answer.response
        }
        guard let episode else { return Reply.error(.notFound, "this show has no episode with a file on the server") }
        let sources = ArtFinder.groupSources(show: show, season: season, episode: episode.path, duration: episode.duration)
        return await response(sources: sources, kind: asked.kind, width: asked.width, roots: roots, request: request,
                              missing: "this show has no picture")
    }

    /// A bad request's answer, as an error a `Result` can carry.
    struct Refusal: Error {
        var response: Response
    }

    /// The kind and width the query asks for (poster, 300 when left out).
    static func size(_ query: Parameters) -> Result<(kind: WireArt.Kind, width: Int), Refusal> {
        guard let kind = WireArt.Kind(rawValue: query.get("kind") ?? WireArt.Kind.poster.rawValue) else {
            return .failure(Refusal(response: Reply.error(.badRequest, "kind must be poster or thumbnail")))
        }
        guard let width = Int(query.get("width") ?? "300"), WireArt.widths.contains(width) else {
            return .failure(Refusal(response: Reply.error(
                .badRequest, "width must be a whole number from \(WireArt.widths.lowerBound) to \(WireArt.widths.upperBound)")))
        }
        return .success((kind, width))
    }

    /// The picture made from the first of `sources` that lies inside a served folder (once its
    /// links are resolved) and can be read, as PNG with its `ETag`; 304 when the client has it.
    private func response(sources: [ArtSource], kind: WireArt.Kind, width: Int, roots: ServingRoots, request: Request,
                          missing: String) async -> Response {
        let shared = sources.filter { source in MediaFolderWalker.realPath(source.path).map(roots.allows(realPath:)) ?? false }
        let height = WireArt.height(width: width, kind: kind)
        guard !shared.isEmpty, let pixels = await finder.picture(from: shared, width: width, height: height).pixels else {
            return Reply.error(.notFound, missing)
        }
        let tag = WireArt.entityTag(width: pixels.width, height: pixels.height, rgba: pixels.rgba)
        var headers: HTTPFields = [.eTag: tag, .cacheControl: "private, max-age=\(WireArt.maximumAge)"]
        if let asked = request.headers[.ifNoneMatch], asked.split(separator: ",").contains(where: { $0.trimmingSpaces == tag }) {
            return Response(status: .notModified, headers: headers)
        }
        guard let png = png(of: pixels, tag: tag) else {
            return Reply.error(.internalServerError, "the picture could not be written")
        }
        headers[.contentType] = "image/png"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }

    /// The PNG of `pixels`, from memory when it was written lately.
    private func png(of pixels: ArtPixels, tag: String) -> [UInt8]? {
        if let kept = encoded.withLock({ $0.take(tag) }) { return kept }
        guard let picture = try? Picture(width: pixels.width, height: pixels.height, rgba: pixels.rgba),
              let png = try? picture.png() else { return nil }
        encoded.withLock { $0.keep(png, tag: tag, budget: Self.memoryBudget) }
        return png
    }
}

/// PNGs by `ETag`, the least recently used going first past the budget.
private struct EncodedPictures {
    var pictures: [String: (png: [UInt8], stamp: Int)] = [:]
    var bytes = 0
    var clock = 0

    mutating func take(_ tag: String) -> [UInt8]? {
        guard let kept = pictures[tag] else { return nil }
        clock += 1
        pictures[tag]?.stamp = clock
        return kept.png
    }

    mutating func keep(_ png: [UInt8], tag: String, budget: Int) {
        guard pictures[tag] == nil, png.count <= budget else { return }
        clock += 1
        pictures[tag] = (png, clock)
        bytes += png.count
        while bytes > budget, let oldest = pictures.min(by: { $0.value.stamp < $1.value.stamp }) {
            bytes -= oldest.value.png.count
            pictures[oldest.key] = nil
        }
    }
}

extension Substring {
    /// Without the spaces at either end (an `If-None-Match` list's items).
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
