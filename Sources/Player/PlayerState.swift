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
public struct PlayerState: Equatable, Sendable, Codable {
    public let title: Title
    /// The title the up-next prompt offers at the credits; nil: no up-next prompt.
    public let nextTitle: Title?

    /// Seconds from the start, 0 … `title.duration`. During a seek it stays where playback
    /// was; `pendingSeek` holds where it is going.
    public internal(set) var position: Int
    /// Whether the user wants playback (Space toggles it). Reaching the end clears it. It
    /// stays set during a seek: playback resumes when the seek finishes.
    public internal(set) var isPlaying: Bool
    public internal(set) var pendingSeek: PendingSeek?

    public internal(set) var isHUDVisible = true
    /// Counts the user's key presses: the HUD hides 3 s after the last one, so each press
    /// makes a new hide request and the old wait is cancelled (a generation, not a time).
    public internal(set) var interactionCount = 0

    public internal(set) var skipIntro = Countdown()
    public internal(set) var upNext = Countdown()

    /// Set when the player is done; see `PlayerExit`.
    public internal(set) var exit: PlayerExit?

    /// Where the current stretch of playback began (opening, resuming, landing a seek): the
    /// playback effect plays from here and is not restarted by its own position updates.
    var playbackStart: Int

    /// A player for `title`, playing from `position` with the HUD shown. `nextTitle` is what
    /// up-next offers at the credits (the next title in the list, if any).
    public init(title: Title, nextTitle: Title? = nil, position: Int = 0, isPlaying: Bool = true) {
        self.title = title
        self.nextTitle = nextTitle
        self.position = min(max(0, position), title.duration)
        self.isPlaying = isPlaying
        self.playbackStart = self.position
        if isAtEnd { self.isPlaying = false }
        refreshPrompts()
    }
}
