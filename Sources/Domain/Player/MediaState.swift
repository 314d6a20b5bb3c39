import Catalog

/// Where the player's media stands. Titles without `media` are `.ready` at once; titles that
/// play for real wait for the engine (`.loading`) and may fail.
package enum MediaState: Equatable, Sendable, Codable {
    /// The engine is opening the media: nothing plays or seeks yet.
    case loading
    case ready
    /// The media cannot play, or the engine stopped: the player says why, and Esc goes back.
    case failed(String)
}

/// Open `title`'s media at `start` (seconds) and report what it is. Fixed for the life of the
/// player, so the media is opened once, however the title's facts change when it has loaded.
package struct MediaRequest: Hashable, Sendable, Codable {
    package var title: Title
    package var start: Int
}

/// Ask the catalog for the title after `titleID` in the list of `query`, for up next.
package struct UpNextLookup: Hashable, Sendable {
    package var titleID: String
    package var query: String
}

/// What the engine should be doing: the user's intent, once the media is ready.
package struct EngineSettings: Equatable, Sendable {
    package var titleID: String
    package var isPlaying: Bool
    package var volume: Int
    package var isMuted: Bool
    /// The tracks, the subtitles' delay and the speed.
    package var playback: PlaybackChoice
}
