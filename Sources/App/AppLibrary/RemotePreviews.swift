import AppCore
import MediaScan
import ServerClient
import ServerWire
import Spin

/// A server's titles' seek preview sheets (`GET /v1/titles/{id}/previews/{n}`), fetched one
/// after another while the title plays and kept on disk as the server sent them
/// (`$XDG_CACHE_HOME/spindle/remote-previews/HOST_PORT/`, a PNG and its `ETag` per sheet; 0700
/// folders, 0600 files): a served title previews its frames as a file of this machine does.
/// A sheet younger than `WirePreviews.maximumAge` is not asked again; an older one is asked with
/// its `ETag`. A sheet is read whole only when it is a regular file of at most
/// `WirePreviews.maximumBytes` starting as a PNG does, and decoded within the layout's pixels.
struct RemotePreviews: Sendable {
    let provider: RemoteProvider
    /// Nil: nowhere to keep sheets, so no previews.
    let folder: String?

    init(provider: RemoteProvider, environment: [String: String]) {
        self.provider = provider
        folder = RemoteArt.serverFolder(SeekPreviewFeedback.cacheFolder(environment: environment), replacing: "/previews",
                                        with: "/remote-previews", provider)
    }

    /// The file of sheet `index` of `titleID`: the id's bytes hashed, so that no id names a path.
    func path(titleID: String, sheet index: Int) -> String? {
        folder.map { $0 + "/" + ArtCache.hash(titleID) + "-sheet-\(index).png" }
    }

    /// Sheet `index` of `titleID` as kept, if it is.
    func kept(titleID: String, sheet index: Int) -> [UInt8]? {
        guard let path = path(titleID: titleID, sheet: index),
              let png = CacheFile.contents(of: path, maximumBytes: WirePreviews.maximumBytes),
              png.starts(with: PreviewSheetMaker.pngSignature) else { return nil }
        return png
    }

    /// Fetches the sheets of the title `request` plays that are not kept (or are old), in
    /// order; stops at the first the server does not give (none, busy, unreachable), or when
    /// cancelled (the player closed, another title).
    func fetch(_ request: PreviewSheetsRequest) async {
        for index in 0 ..< WirePreviews.sheetCount(duration: request.duration) {
            if Task.isCancelled { return }
            guard let path = path(titleID: request.titleID, sheet: index) else { return }
            let kept = kept(titleID: request.titleID, sheet: index)
            if kept != nil, RemoteArt.age(of: path) < Double(WirePreviews.maximumAge) { continue }
            let tag = kept == nil ? nil : CacheFile.contents(of: path + ".tag", maximumBytes: 256).map { String(decoding: $0, as: UTF8.self) }
            switch try? await provider.previewSheet(of: request.titleID, sheet: index, tag: tag) {
            case .notModified?:
                guard let kept else { return }
                RemoteArt.write(kept, tag: tag, to: path)
            case .picture(let png, let tag)?:
                guard png.starts(with: PreviewSheetMaker.pngSignature) else { return }
                RemoteArt.write(png, tag: tag, to: path)
            case .none?, nil:
                return
            }
        }
    }

    /// The feedbacks of a server's previews: fetching the sheets, and cutting the frames.
    func feedbacks() -> [Feedback<AppState, AppEvent>] {
        guard folder != nil else { return [] }
        let previews = self
        let tiles = PreviewTiles { titleID, index in previews.kept(titleID: titleID, sheet: index) }
        return [
            .react(query: { $0.previewSheetsRequest }, effects: { (request: PreviewSheetsRequest) async -> AppEvent? in
                await previews.fetch(request)
                return nil
            }),
            SeekPreviewFeedback.frames(tiles: tiles, byTitle: true),
        ]
    }
}
