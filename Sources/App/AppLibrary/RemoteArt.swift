import AppCore
import MediaScan
import Catalog
import ServerClient
import ServerWire
import Spin
import SpindleUIPictures
#if canImport(Glibc)
import Glibc
#endif

/// A server's titles', shows' and seasons' pictures (`GET /v1/titles/{id}/art`, `GET /v1/groups/art`), kept on disk as the server sent them
/// (`$XDG_CACHE_HOME/spindle/remote-art/HOST_PORT/`, a PNG and its `ETag` per title, kind and
/// width; 0700 folders, 0600 files), so that a served library looks the same as a local one and
/// a picture crosses the network once: a copy younger than `WireArt.maximumAge` is used as it
/// is, an older one is asked again with its `ETag` (a `304` keeps it).
///
/// What the server sends is untrusted: at most `WireArt.maximumBytes` of it are read, and the
/// PNG's declared size is checked against the size asked for before its pixels are decoded.
struct RemoteArt: Sendable {
    let provider: RemoteProvider
    /// Nil: nothing kept, every picture asked for.
    let folder: String?

    init(provider: RemoteProvider, environment: [String: String]) {
        self.provider = provider
        // Beside the library's own art: …/spindle/remote-art/HOST_PORT.
        folder = Self.serverFolder(ArtFeedback.cacheFolder(environment: environment), replacing: "/art", with: "/remote-art", provider)
    }

    /// `cache` (a folder of this machine's pictures, ending in `ending`) with `replacement` for
    /// that ending and the server's own folder under it (`HOST_PORT`, letters, digits and dots
    /// only); nil without a cache.
    static func serverFolder(_ cache: String?, replacing ending: String, with replacement: String, _ provider: RemoteProvider) -> String? {
        let server = "\(provider.server.host)_\(provider.server.port)".map { $0.isLetter || $0.isNumber || $0 == "." ? $0 : "_" }
        return cache.map { String($0.dropLast(ending.count)) + replacement + "/" + String(server) }
    }

    /// The picture of `titleID` as `kind`, `width` pixels wide (of the show or season `group`,
    /// for a group's row); nil when there is none, or the server cannot be asked (the card shows
    /// initials, and is asked again next start).
    func image(of titleID: String, group: TitleGroup? = nil, kind: WireArt.Kind, width: Int) async -> ArtImage? {
        let height = WireArt.height(width: width, kind: kind)
        let name = folder.map { $0 + "/" + Self.fileName(titleID: titleID, kind: kind, width: width) }
        let kept = name.flatMap(Self.read)
        if let kept, Self.age(of: name!) < Double(WireArt.maximumAge), let image = Self.decode(kept.png, width: width, height: height) {
            return image
        }
        let asked: RemoteArtAnswer?
        if let group {
            let season: Int? = if case .season(_, let number, _, _) = group { number } else { nil }
            asked = try? await provider.art(ofShow: group.show, season: season, kind: kind, width: width, tag: kept?.tag)
        } else {
            asked = try? await provider.art(of: titleID, kind: kind, width: width, tag: kept?.tag)
        }
        guard let answer = asked else {
            return kept.flatMap { Self.decode($0.png, width: width, height: height) }
        }
        switch answer {
        case .notModified:
            guard let kept, let name else { return nil }
            Self.write(kept.png, tag: kept.tag, to: name)
            return Self.decode(kept.png, width: width, height: height)
        case .none:
            return nil
        case .picture(let png, let tag):
            guard let image = Self.decode(png, width: width, height: height) else { return nil }
            if let name { Self.write(png, tag: tag, to: name) }
            return image
        }
    }

    /// The feedbacks of a server's pictures: the details pane's and the grid's.
    func feedbacks() -> [Feedback<AppState, AppEvent>] {
        let art = self
        return [
            .react(query: { $0.artRequest }, effects: { (request: ArtRequest) async -> AppEvent? in
                let image = await art.image(of: request.titleID, kind: .poster, width: ArtRequest.width)
                return Task.isCancelled ? nil : .artLoaded(titleID: request.titleID, image: image)
            }),
            .react(requests: \.cardArtRequests) { (request: ArtRequest) async -> AppEvent? in
                let image = await art.image(of: request.titleID, group: request.group,
                                            kind: request.kind == .thumbnail ? .thumbnail : .poster, width: request.width)
                return Task.isCancelled ? nil : .cardArtLoaded(request, image: image)
            },
        ]
    }

    /// The PNG's pixels, if it is a picture of exactly the size asked for.
    static func decode(_ png: [UInt8], width: Int, height: Int) -> ArtImage? {
        guard let picture = try? Picture(png: png, maximumPixels: width * height), picture.width == width,
              picture.height == height else { return nil }
        return ArtImage(width: width, height: height, rgba: picture.rgba)
    }

    /// "…-poster-150.png": the id's bytes hashed, so that no id names a path.
    static func fileName(titleID: String, kind: WireArt.Kind, width: Int) -> String {
        ArtCache.hash(titleID) + "-\(kind.rawValue)-\(width).png"
    }

    /// The kept PNG and its tag (the file `NAME.tag`), read only when a regular file within the limit.
    static func read(_ name: String) -> (png: [UInt8], tag: String?)? {
        guard let png = CacheFile.contents(of: name, maximumBytes: WireArt.maximumBytes) else { return nil }
        let tag = CacheFile.contents(of: name + ".tag", maximumBytes: 256).map { String(decoding: $0, as: UTF8.self) }
        return (png, tag)
    }

    /// Seconds since the file was written (or its copy confirmed).
    static func age(of path: String) -> Double {
        var info = stat()
        guard stat(path, &info) == 0 else { return .infinity }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Double(now.tv_sec - info.st_mtim.tv_sec)
    }

    /// Keeps `png` and its tag, each written whole (a temporary file, then a rename), private.
    static func write(_ png: [UInt8], tag: String?, to path: String) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = String(path[..<slash])
        try? CacheFile.keep(png, at: path, folder: folder)
        if let tag { try? CacheFile.keep(Array(tag.utf8.prefix(256)), at: path + ".tag", folder: folder) }
    }
}
