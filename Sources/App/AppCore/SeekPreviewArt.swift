import Catalog
import Player

/// The picture of one preview frame of the title playing (`PlayerState.previewFrame`), as the
/// library answered: `image` nil means it has none for that frame (its sheets are not made, or
/// ffmpeg could not read the file).
///
///     AppReducer.reduce(&state, .seekPreviewLoaded(titleID: "m1", frame: 3, image: image))
///     state.seekPreviewArt   // SeekPreviewArt(titleID: "m1", frame: 3, image: image), if frame 3 is wanted
package struct SeekPreviewArt: Equatable, Sendable {
    package var titleID: String
    package var frame: Int
    package var image: ArtImage?

    package init(titleID: String, frame: Int, image: ArtImage?) {
        self.titleID = titleID
        self.frame = frame
        self.image = image
    }
}

/// What the app asks the library for: the preview frame `frame` of the media file `path` (a
/// path on this machine), cut from its sheets.
///
///     SeekPreviewRequest(titleID: "m1", path: "/films/Heat.mkv", frame: 3)   // the frame at 30 s
package struct SeekPreviewRequest: Hashable, Sendable {
    package var titleID: String
    package var path: String
    package var frame: Int

    package init(titleID: String, path: String, frame: Int) {
        self.titleID = titleID
        self.path = path
        self.frame = frame
    }
}

/// What the app asks the library to make while a title of this machine plays: the preview
/// sheets of its media file `path`, `duration` seconds long.
///
///     PreviewSheetsRequest(titleID: "m1", path: "/films/Heat.mkv", duration: 6_120)
package struct PreviewSheetsRequest: Hashable, Sendable {
    package var titleID: String
    package var path: String
    package var duration: Int

    package init(titleID: String, path: String, duration: Int) {
        self.titleID = titleID
        self.path = path
        self.duration = duration
    }
}

extension AppState {
    /// The media of the title playing (a file of this machine's, or a server's URL, whose
    /// sheets the server makes), when it is ready (its length known) and the app draws
    /// pictures; nil otherwise (the embedded catalog's titles, which have no media, pictures
    /// off: no previews, only the time above the bar).
    private var playingMedia: (player: PlayerState, path: String)? {
        guard hasArt, let player, player.exit == nil, player.media == .ready, let media = player.title.media,
              player.title.duration > 0 else { return nil }
        return (player, media.video)
    }

    /// The sheets to make (or fetch from the server) while a title plays: a new title cancels
    /// the last title's, and closing the player cancels them.
    package var previewSheetsRequest: PreviewSheetsRequest? {
        guard let (player, path) = playingMedia else { return nil }
        return PreviewSheetsRequest(titleID: player.title.id, path: path, duration: player.title.duration)
    }

    /// The preview frame the seek preview shows and the app does not have: a new frame wanted
    /// cancels the answer in flight for the last one.
    package var seekPreviewRequest: SeekPreviewRequest? {
        guard let (player, path) = playingMedia, let frame = player.previewFrame else { return nil }
        if let art = seekPreviewArt, art.titleID == player.title.id, art.frame == frame { return nil }
        return SeekPreviewRequest(titleID: player.title.id, path: path, frame: frame)
    }

    /// The picture the seek preview draws: the wanted frame's, else the last frame's of this
    /// title while the wanted one is on its way (one cut from a decoded sheet takes
    /// milliseconds), so that a held seek key does not make the box blink.
    package var seekPreviewImage: ArtImage? {
        guard let player, player.seekPreview != nil, let art = seekPreviewArt, art.titleID == player.title.id else { return nil }
        return art.image
    }
}

extension AppReducer {
    /// The library's answer for a preview frame: kept only when it is the frame the preview
    /// wants now. A late answer for another frame is dropped: shown, it would be a picture of
    /// a second the user is no longer seeking to (the feedback cancels such answers anyway; the
    /// reducer does not rely on it).
    static func takeSeekPreview(_ state: inout AppState, titleID: String, frame: Int, image: ArtImage?) {
        guard state.hasArt, let player = state.player, player.title.id == titleID, player.previewFrame == frame else { return }
        state.seekPreviewArt = SeekPreviewArt(titleID: titleID, frame: frame, image: image)
    }
}
