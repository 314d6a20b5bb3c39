import AppCore
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
    /// the title shown (a new request cancels the last), never on the key path.
    static func feedback(finder: ArtFinder) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.artRequest }, effects: { (request: ArtRequest) async -> AppEvent? in
            let result = await finder.picture(forMedia: request.path, duration: Double(request.duration),
                                              width: ArtRequest.width, height: ArtRequest.height)
            if Task.isCancelled { return nil }
            let image = result.pixels.map { ArtImage(width: $0.width, height: $0.height, rgba: $0.rgba) }
            return .artLoaded(titleID: request.titleID, image: image)
        })
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

    /// How pictures are drawn for `setting` ("auto", "kitty", "sixel", "blocks", "off"): the
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

/// The toolkit's `Picture` of the last `ArtImage` drawn: a picture's identity is a hash of its
/// pixels, taken once, not at every frame.
final class PictureMemo: Sendable {
    private let last = Mutex<(image: ArtImage, picture: Picture?)?>(nil)

    func picture(for image: ArtImage) -> Picture? {
        last.withLock { last in
            if let last, last.image === image { return last.picture }
            let picture = try? Picture(width: image.width, height: image.height, rgba: image.rgba)
            last = (image, picture)
            return picture
        }
    }
}
