import Catalog

// The requests the player's state queries return, one per kind of effect. A feedback `react`s
// to each: an effect starts when a request appears, keeps running while the request stays
// equal, and is cancelled (its events dropped, even queued ones) when it changes or goes away.
// Each names the title, so a player replaced by the next title never inherits an effect.

/// Hide the HUD 3 s after the key press numbered `interaction`.
public struct HUDHideRequest: Hashable, Sendable {
    public var titleID: String
    public var interaction: Int
}

/// Play `title` from `start`, reporting each second of media time.
public struct PlaybackRequest: Hashable, Sendable {
    public var title: Title
    public var start: Int
}

/// Seek to `target` and report when it completes.
public struct SeekRequest: Hashable, Sendable {
    public var titleID: String
    public var target: Int
}

/// Wait a second, then count `prompt` down from `secondsLeft`.
public struct CountdownRequest: Hashable, Sendable {
    public var titleID: String
    public var prompt: CountdownPrompt
    public var secondsLeft: Int
}
