import Player

/// What the engine told of a title's media when it last loaded: its audio and subtitle tracks,
/// its picture's size and the file's size. The details pane shows it; nothing else knows it
/// before the title has played.
package struct KnownMedia: Equatable, Sendable, Codable {
    package var id: String
    package var tracks: [MediaTrack]
    package var pictureSize: PictureSize?
    package var fileSize: Int?

    /// The most titles the app keeps this for (the ones played last).
    package static let limit = 200

    package init(id: String, tracks: [MediaTrack], pictureSize: PictureSize? = nil, fileSize: Int? = nil) {
        self.id = id
        self.tracks = tracks
        self.pictureSize = pictureSize
        self.fileSize = fileSize
    }

    package var audioTracks: [MediaTrack] { tracks.filter { $0.kind == .audio } }
    package var subtitleTracks: [MediaTrack] { tracks.filter { $0.kind == .subtitles } }
}

extension AppReducer {
    /// When the player's media loads: what the engine told of it is kept for the details pane,
    /// for the last `KnownMedia.limit` titles played.
    static func rememberMedia(_ state: inout AppState, _ event: AppEvent) {
        guard case .player(.mediaLoaded(let info)) = event, let player = state.player, player.media == .ready,
              player.title.media != nil else { return }
        var known = state.knownMedia.filter { $0.id != player.title.id }
        known.append(KnownMedia(id: player.title.id, tracks: info.tracks, pictureSize: info.pictureSize, fileSize: info.fileSize))
        if known.count > KnownMedia.limit { known.removeFirst(known.count - KnownMedia.limit) }
        state.knownMedia = known
    }
}
