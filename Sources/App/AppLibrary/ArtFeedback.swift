import AppCore
import Catalog
import Library
import MediaScan
import Spin
import SpindleUIPictures
import Synchronization
import Terminal

/// Titles' pictures for the details pane: made by the library in the background (`ArtFinder`:
/// art beside the file, the cover inside it, else a frame a tenth in), kept in
/// `$XDG_CACHE_HOME/spindle/art`, and drawn through the best protocol the terminal has.
enum ArtFeedback {
    /// Makes the picture the state asks for (`AppState.artRequest`): one at a time, the one of
    /// the title shown (a new request cancels the last), never on the key path. When the title's
    /// card poster is kept (the scan made it), it is sent first, read from the cache in well
    /// under a millisecond, and the pane shows it while its own, larger, is made.
    static func feedback(finder: ArtFinder) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.artRequest }, effects: { (request: ArtRequest) in
            AsyncStream<AppEvent> { continuation in
                // A catalog's URL: nothing on this machine to make a picture of.
                guard request.path.hasPrefix("/") else {
                    continuation.yield(.artLoaded(titleID: request.titleID, image: nil))
                    return continuation.finish()
                }
                let task = Task {
                    let sources = ArtFinder.sources(forMedia: request.path, duration: Double(request.duration))
                    let card = ArtKind.poster.cardPixels
                    if let cache = finder.cache,
                       let kept = sources.lazy.compactMap({ cache.pixels(for: $0, width: card.width, height: card.height) }).first,
                       !sources.contains(where: { cache.has($0, width: ArtRequest.width, height: ArtRequest.height) }) {
                        let stand = ArtRequest(titleID: request.titleID, path: request.path, duration: request.duration,
                                               width: card.width, height: card.height)
                        continuation.yield(.cardArtLoaded(stand, image: ArtImage(width: kept.width, height: kept.height, rgba: kept.rgba)))
                    }
                    let result = await finder.picture(from: sources, width: ArtRequest.width, height: ArtRequest.height)
                    if !Task.isCancelled {
                        let image = result.pixels.map { ArtImage(width: $0.width, height: $0.height, rgba: $0.rgba) }
                        continuation.yield(.artLoaded(titleID: request.titleID, image: image))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }

    /// Makes the grid's cards' pictures (`AppState.cardArtRequests`): a few at a time, each
    /// cancelled when its card leaves the screen. A show's or a season's card looks in its
    /// folders, found from one of its episodes (`episode`; nil: none).
    static func cards(finder: ArtFinder,
                      episode: @escaping @Sendable (TitleGroup) async -> (path: String, duration: Double?)?) -> Feedback<AppState, AppEvent> {
        .react(requests: \.cardArtRequests) { (request: ArtRequest) async -> AppEvent? in
            let sources: [ArtSource]
            if let group = request.group {
                guard let first = await episode(group) else { return .cardArtLoaded(request, image: nil) }
                let season: Int? = if case .season(_, let number, _, _) = group { number } else { nil }
                sources = ArtFinder.groupSources(show: group.show, season: season, episode: first.path, duration: first.duration)
            } else if !request.path.hasPrefix("/") {
                return .cardArtLoaded(request, image: nil)
            } else if request.kind == .thumbnail {
                sources = ArtFinder.thumbnailSources(forMedia: request.path, duration: Double(request.duration))
            } else {
                sources = ArtFinder.sources(forMedia: request.path, duration: Double(request.duration))
            }
            let result = await finder.picture(from: sources, width: request.width, height: request.height)
            if Task.isCancelled { return nil }
            return .cardArtLoaded(request, image: result.pixels.map { ArtImage(width: $0.width, height: $0.height, rgba: $0.rgba) })
        }
    }

    /// The feedbacks of a library's pictures: the details pane's, the grid's and the player's
    /// seek preview (`SeekPreviewFeedback`).
    static func feedbacks(environment: [String: String], database: LibraryDatabase?) -> [Feedback<AppState, AppEvent>] {
        let finder = finder(environment: environment)
        return [feedback(finder: finder), cards(finder: finder) { group in
            guard let database else { return nil }
            let season: Int? = if case .season(_, let number, _, _) = group { number } else { nil }
            return try? await database.firstEpisode(of: group.show, season: season)
        }] + SeekPreviewFeedback.feedbacks(environment: environment)
    }

    /// The cache folder: `$XDG_CACHE_HOME/spindle/art`, else `~/.cache/spindle/art`; nil (made
    /// every time) when neither is set.
    static func cacheFolder(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/spindle/art" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/spindle/art" }
        return nil
    }

    /// The finder for this environment.
    static func finder(environment: [String: String]) -> ArtFinder {
        ArtFinder(cache: cacheFolder(environment: environment).map(ArtCache.init(folder:)))
    }

    /// How pictures are drawn for `setting` ("auto", "kitty", "sixel", "truecolor", "blocks", "off"): the
    /// protocol settled once, before the screen opens (auto asks the terminal only when the
    /// environment does not say); nil for off, or when nothing can be drawn.
    static func drawing(setting: String, environment: [String: String],
                        ask: () -> [UInt8]? = { DeviceAttributes.query() }) -> ArtDrawing? {
        let chosen = PictureSetting(rawValue: setting) ?? .auto
        let way = chosen.resolve(environment: environment, ask: ask)
        guard way != .off else { return nil }
        let memo = PictureMemo()
        return ArtDrawing { image, rect, canvas in
            guard let picture = memo.picture(for: image) else { return }
            PictureView(picture: picture, protocol: way).render(in: rect, on: canvas)
        }
    }
}

/// The toolkit's `Picture` of the `ArtImage`s drawn lately (a grid's cards, the details'
/// poster): a picture's identity is a hash of its pixels, taken once, not at every frame. It
/// keeps the last `capacity` (a screen of cards and more); the oldest goes first.
final class PictureMemo: Sendable {
    private struct Memo {
        var pictures: [ObjectIdentifier: (image: ArtImage, picture: Picture?, stamp: Int)] = [:]
        var clock = 0
    }

    private let memo = Mutex(Memo())
    static let capacity = 48

    func picture(for image: ArtImage) -> Picture? {
        memo.withLock { memo in
            memo.clock += 1
            let key = ObjectIdentifier(image)
            if let known = memo.pictures[key], known.image === image {
                memo.pictures[key]?.stamp = memo.clock
                return known.picture
            }
            let picture = try? Picture(width: image.width, height: image.height, rgba: image.rgba)
            memo.pictures[key] = (image, picture, memo.clock)
            if memo.pictures.count > Self.capacity, let oldest = memo.pictures.min(by: { $0.value.stamp < $1.value.stamp }) {
                memo.pictures[oldest.key] = nil
            }
            return picture
        }
    }
}
