import Catalog

/// Everything that can happen to the player, as facts: what the user did (mapped from keys by
/// the app) and what the effects reported.
package enum PlayerEvent: Equatable, Sendable, Codable {
    // MARK: The user (each also counts as a key press for the HUD, except `hudToggled`)

    /// Space.
    case playPauseToggled
    /// Left/Right (±10 s), Shift-Left/Right or `[`/`]` (±60 s). Seeks from the target of a
    /// seek still in flight, so repeated presses add up.
    case seekRequested(by: Int)
    /// A click on the progress bar: a seek to this second.
    case jumpRequested(to: Int)
    /// Tab (or Enter when up-next is not shown): hides a visible HUD at once, shows a hidden one.
    case hudToggled
    /// Any other key: shows the HUD and restarts its 3 s.
    case interacted
    /// `s`: skips the intro now (while the position is in the intro).
    case skipIntroRequested
    /// `x`: dismisses the prompt on screen; it does not come back for this intro or these credits.
    case promptDismissed
    /// Enter while up-next is shown: plays the next title now.
    case upNextAccepted
    /// `+`/`0` louder, `-`/`9` softer, by this many points (of 0 … 130).
    case volumeChanged(by: Int)
    /// `m`.
    case muteToggled
    /// Esc/Backspace.
    case backRequested
    /// q.
    case quitRequested

    // MARK: The effects

    /// One more second of media time played (from `PlayerEngine.positions`).
    case positionAdvanced(to: Int)
    /// The seek to this target completed.
    case seekFinished(at: Int)
    /// 3 s passed since the key press counted by this `interactionCount`.
    case hudTimedOut(interaction: Int)
    /// A second passed on a countdown prompt, which now shows `secondsLeft`.
    case countdownTicked(CountdownPrompt, secondsLeft: Int)
    /// The engine opened the media (`PlayerEngine.open`): it can play now.
    case mediaLoaded(MediaInfo)
    /// The media cannot play, or the engine stopped; a message a user can read.
    case mediaFailed(String)
    /// The catalog's answer to `upNextLookup`: the title after `titleID`, or nil at the end.
    case nextTitleFound(Title?, after: String)
}

/// The two prompts that share the `Countdown` mechanism.
package enum CountdownPrompt: Hashable, Sendable, CaseIterable, Codable {
    case skipIntro
    case upNext
}
