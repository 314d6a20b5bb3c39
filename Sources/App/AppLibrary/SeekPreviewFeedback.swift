import AppCore
import MediaScan
import Player
import Spin
import SpindleUIPictures
import Synchronization

/// The seek preview's frames: sheets made by ffmpeg in the background while a title of this
/// machine plays (`PreviewSheetMaker`), kept in `$XDG_CACHE_HOME/spindle/previews`, and the
/// frame the preview wants cut from its sheet, decoded in-process (`Picture(png:)`).
enum SeekPreviewFeedback {
    /// Makes the sheets of the title playing (`AppState.previewSheetsRequest`): one file at a
    /// time, its sheets one after another; another title, or the player closing, cancels it
    /// (ffmpeg is killed by pid).
    static func sheets(maker: PreviewSheetMaker, cache: PreviewSheetCache) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.previewSheetsRequest }, effects: { (request: PreviewSheetsRequest) async -> AppEvent? in
            guard request.path.hasPrefix("/") else { return nil }
            _ = await maker.make(request.path, duration: request.duration, into: cache)
            return nil
        })
    }

    /// Answers the frame the preview wants (`AppState.seekPreviewRequest`): a new frame wanted
    /// cancels the answer in flight. No sheet yet (or none to make) is an answer too: nil. The
    /// sheets are the title's media file's (`byTitle` false) or its id's (a server's title).
    static func frames(tiles: PreviewTiles, byTitle: Bool = false) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.seekPreviewRequest }, effects: { (request: SeekPreviewRequest) async -> AppEvent? in
            let image = tiles.tile(ofMedia: byTitle ? request.titleID : request.path, second: request.frame * PlayerTiming.previewInterval)
            if Task.isCancelled { return nil }
            return .seekPreviewLoaded(titleID: request.titleID, frame: request.frame, image: image)
        })
    }

    /// The feedbacks of the seek preview, given the cache folder (nil: none, no previews).
    static func feedbacks(environment: [String: String]) -> [Feedback<AppState, AppEvent>] {
        guard let folder = cacheFolder(environment: environment) else { return [] }
        let cache = PreviewSheetCache(folder: folder)
        let maker = PreviewSheetMaker(layout: PreviewTiles.layout)
        return [sheets(maker: maker, cache: cache), frames(tiles: PreviewTiles(cache: cache))]
    }

    /// `$XDG_CACHE_HOME/spindle/previews`, else `~/.cache/spindle/previews`.
    static func cacheFolder(environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/spindle/previews" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/spindle/previews" }
        return nil
    }
}

/// The preview frames of sheets kept on disk (a `PreviewSheetCache`, or a server's sheets as the
/// client keeps them), cut from the sheets decoded last: at most `capacity` decoded sheets are
/// kept (the least recently used goes first), so a seek within the same 1000 s decodes nothing.
///
///     let tiles = PreviewTiles(cache: PreviewSheetCache(folder: folder))
///     let image = tiles.tile(ofMedia: "/films/Heat.mkv", second: 35)   // the frame taken at 30 s
final class PreviewTiles: Sendable {
    /// The sheets' layout: a frame every `PlayerTiming.previewInterval` seconds.
    static let layout = PreviewSheetLayout(interval: PlayerTiming.previewInterval, columns: 10, rows: 10, tileSide: 160)
    /// Two decoded sheets of 1600x900 are 11.5 MB.
    static let capacity = 2

    private struct Sheet {
        var media: String
        var index: Int
        var picture: Picture
        var stamp: Int
    }

    private struct Memory {
        var sheets: [Sheet] = []
        var clock = 0
    }

    /// Sheet `index` of a media's (or a title's) as PNG, if it is kept.
    let source: @Sendable (_ media: String, _ index: Int) -> [UInt8]?
    let layout: PreviewSheetLayout
    private let memory = Mutex(Memory())

    convenience init(cache: PreviewSheetCache, layout: PreviewSheetLayout = PreviewTiles.layout) {
        self.init(layout: layout) { media, index in cache.sheet(index, ofMedia: media, layout: layout) }
    }

    init(layout: PreviewSheetLayout = PreviewTiles.layout, source: @escaping @Sendable (_ media: String, _ index: Int) -> [UInt8]?) {
        self.source = source
        self.layout = layout
    }

    /// The frame for second `second` of `media`, or nil when its sheet is not made (or cannot
    /// be decoded).
    func tile(ofMedia media: String, second: Int) -> ArtImage? {
        let place = layout.place(ofSecond: second)
        guard let picture = sheet(place.sheet, ofMedia: media) else { return nil }
        return Self.crop(picture, column: place.column, row: place.row, layout: layout)
    }

    /// Sheets decoded and kept, for the tests.
    var decodedCount: Int { memory.withLock { $0.sheets.count } }

    /// The decoded sheet, from memory or from the cache (decoded outside the lock).
    private func sheet(_ index: Int, ofMedia media: String) -> Picture? {
        let known: Picture? = memory.withLock { memory in
            memory.clock += 1
            guard let found = memory.sheets.firstIndex(where: { $0.media == media && $0.index == index }) else { return nil }
            memory.sheets[found].stamp = memory.clock
            return memory.sheets[found].picture
        }
        if let known { return known }
        guard let png = source(media, index),
              let picture = try? Picture(png: png, maximumPixels: Self.maximumSheetPixels(layout)) else { return nil }
        memory.withLock { memory in
            memory.clock += 1
            memory.sheets.removeAll { $0.media == media && $0.index == index }
            memory.sheets.append(Sheet(media: media, index: index, picture: picture, stamp: memory.clock))
            while memory.sheets.count > Self.capacity, let oldest = memory.sheets.indices.min(by: {
                memory.sheets[$0].stamp < memory.sheets[$1].stamp
            }) {
                memory.sheets.remove(at: oldest)
            }
        }
        return picture
    }

    /// The most pixels a sheet of `layout` has: its tiles are at most `tileSide` a side.
    static func maximumSheetPixels(_ layout: PreviewSheetLayout) -> Int {
        layout.columns * layout.rows * layout.tileSide * layout.tileSide
    }

    /// The tile at `column`, `row` of a sheet: the sheet's size divided by the layout's tiles.
    static func crop(_ sheet: Picture, column: Int, row: Int, layout: PreviewSheetLayout) -> ArtImage? {
        let width = sheet.width / layout.columns, height = sheet.height / layout.rows
        guard width > 0, height > 0 else { return nil }
        var rgba = [UInt8]()
        rgba.reserveCapacity(width * height * 4)
        let left = column * width * 4
        for line in row * height ..< (row + 1) * height {
            let start = line * sheet.width * 4 + left
            rgba.append(contentsOf: sheet.rgba[start ..< start + width * 4])
        }
        return ArtImage(width: width, height: height, rgba: rgba)
    }
}
