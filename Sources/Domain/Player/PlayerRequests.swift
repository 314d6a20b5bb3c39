import Catalog

// The requests the player's state queries return, one per kind of effect. A feedback `react`s
// to each: an effect starts when a request appears, keeps running while the request stays
// equal, and is cancelled (its events dropped, even queued ones) when it changes or goes away.
// Each names the title, so a player replaced by the next title never inherits an effect.

/// Hide the HUD 3 s after the key press numbered `interaction`.
package struct HUDHideRequest: Hashable, Sendable {
    package var titleID: String
    package var interaction: Int
}

/// Play `title` from `start` at `speed` (percent), reporting each second of media time.
package struct PlaybackRequest: Hashable, Sendable {
    package var title: Title
    package var start: Int
    package var speed = PlaybackChoice.normalSpeed
}

/// Seek to `target` and report when it completes.
package struct SeekRequest: Hashable, Sendable {
    package var titleID: String
    package var target: Int
}

/// Wait a second, then count `prompt` down from `secondsLeft`.
package struct CountdownRequest: Hashable, Sendable {
    package var titleID: String
    package var prompt: CountdownPrompt
    package var secondsLeft: Int
}
