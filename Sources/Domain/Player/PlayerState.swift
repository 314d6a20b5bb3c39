import Catalog

/// Everything the player shows and knows about one title: where playback is, whether it plays
/// or waits for a seek, the HUD, the two countdown prompts, and whether the player is done.
/// A value: the reducer (`PlayerState.reduce`) is the only thing that changes it, and state
/// queries (`hudHideRequest`, `seekRequest`, …) say which effects should run.
///
///     var player = PlayerState(title: title, nextTitle: next)
///     PlayerState.reduce(&player, .seekRequested(by: 10))
///     player.seekRequest   // SeekRequest(titleID: title.id, target: 10): seek there
///
/// No clock is ever read: time reaches the state only as events (`positionAdvanced`,
/// `hudTimedOut`, `countdownTicked`), which keeps the reducer pure and the tests exact.
package struct PlayerState: Equatable, Sendable, Codable {
    /// The title as it plays: for a title with `media`, what the catalog left out (duration,
    /// intro, credits) is filled in from the media once it has loaded.
    package internal(set) var title: Title
    /// The title the up-next prompt offers at the credits; nil: no up-next prompt (yet: it may
    /// still be looked up, see `upNextLookup`).
    package internal(set) var nextTitle: Title?
    /// Whether the media can play yet; titles without media are ready at once.
    package internal(set) var media: MediaState
    /// Volume 0 … 130 (100: the media's own level) and mute, as the HUD shows them.
    package internal(set) var volume = 100
    package internal(set) var isMuted = false

    /// Seconds from the start, 0 … `title.duration`. During a seek it stays where playback
    /// was; `pendingSeek` holds where it is going.
    package internal(set) var position: Int
    /// Whether the user wants playback (Space toggles it). Reaching the end clears it. It
    /// stays set during a seek: playback resumes when the seek finishes.
    package internal(set) var isPlaying: Bool
    package internal(set) var pendingSeek: PendingSeek?
    /// The frame at the seek's target above the progress bar, while the user seeks and a moment
    /// after (see `SeekPreview`); nil: none shows.
    package internal(set) var seekPreview: SeekPreview?

    package internal(set) var isHUDVisible = true
    /// Counts the user's key presses: the HUD hides 3 s after the last one, so each press
    /// makes a new hide request and the old wait is cancelled (a generation, not a time).
    package internal(set) var interactionCount = 0
    /// A short word for the user ("✓ marked watched", "no display: sound only"), shown with
    /// the HUD until the next key, or until the HUD's 3 s after it end (also while paused).
    package internal(set) var notice: String?

    package internal(set) var skipIntro = Countdown()
    package internal(set) var upNext = Countdown()

    /// The audio and subtitle tracks: the media's once it has loaded, the simulated engine's
    /// for a title without media.
    package internal(set) var tracks: [MediaTrack] = []
    /// How the title plays: its tracks, the subtitles' delay and the speed. The media's
    /// defaults once loaded, unless the user chose (now, or when the title played before).
    package internal(set) var playback = PlaybackChoice()
    /// Whether the user chose how the title plays (here, or when it played before): the app
    /// keeps `playback` for the next time.
    package internal(set) var keepsPlayback = false
    /// The track picker (`t`), while it is open.
    package internal(set) var trackPicker: TrackPicker?
    /// The subtitle track `v` turns back on after it turned subtitles off.
    var subtitlesToRestore: Int?

    /// Set when the player is done; see `PlayerExit`.
    package internal(set) var exit: PlayerExit?

    /// Where the current stretch of playback began (opening, resuming, landing a seek): the
    /// playback effect plays from here and is not restarted by its own position updates.
    var playbackStart: Int
    /// Set while the media of a title that plays for real is to be open (see `mediaRequest`).
    var openMedia: MediaRequest?
    /// Whether the user chose the volume (here or in the title before): the engine's own
    /// starting volume does not replace it.
    package internal(set) var keepsVolume = false
    /// The query whose list up next follows, while the next title is still to be asked for.
    var upNextQuery: String?

    /// A player for `title`, playing from `position` with the HUD shown. `nextTitle` is what
    /// up-next offers at the credits (the next title in the list, if any); when it is not known
    /// and `upNextQuery` is given, the catalog is asked for the title after this one in that
    /// query's list (`upNextLookup`). `playback` is how the user chose to play this title
    /// before (its tracks, delay and speed); tracks the media no longer has are left to it.
    package init(
        title: Title, nextTitle: Title? = nil, upNextQuery: String? = nil, position: Int = 0, isPlaying: Bool = true,
        volume: Int? = nil, isMuted: Bool = false, playback: PlaybackChoice? = nil
    ) {
        self.title = title
        self.nextTitle = nextTitle
        self.upNextQuery = nextTitle == nil ? upNextQuery : nil
        if let volume {
            self.volume = min(max(0, volume), Self.maximumVolume)
            self.isMuted = isMuted
            keepsVolume = true
        }
        if let playback {
            self.playback = playback
            keepsPlayback = true
        }
        if title.media != nil {
            // The length may be unknown until the media says: clamp when it has loaded.
            media = .loading
            let start = max(0, title.media?.knowsDuration == true ? min(position, title.duration) : position)
            self.position = start
            openMedia = MediaRequest(title: title, start: start)
        } else {
            media = .ready
            self.position = min(max(0, position), title.duration)
        }
        self.isPlaying = isPlaying
        self.playbackStart = self.position
        // A title without media plays in the simulated engine, whose tracks are known at once.
        if title.media == nil { takeTracks(SimulatedEngine.tracks(for: title)) }
        if isAtEnd { self.isPlaying = false }
        refreshPrompts()
    }

    /// The loudest the volume goes (mpv's default maximum).
    package static let maximumVolume = 130
}
