import Catalog

/// Everything that can happen to the player, as facts: what the user did (mapped from keys by
/// the app) and what the effects reported.
package enum PlayerEvent: Equatable, Sendable, Codable {
    // MARK: The user (each also counts as a key press for the HUD, except `hudToggled`)

    /// Space.
    case playPauseToggled
    /// Left/Right (±10 s), Up/Down or Shift-Left/Right (±60 s). Seeks from the target of a
    /// seek still in flight, so repeated presses add up.
    case seekRequested(by: Int)
    /// A click on the progress bar: a seek to this second.
    case jumpRequested(to: Int)
    /// The mouse pointer moved over the progress bar, at this second of the title, or off the
    /// bar (nil): the seek preview follows it.
    case barHovered(at: Int?)
    /// Tab (or Enter when up-next is not shown): hides a visible HUD at once, shows a hidden one.
    case hudToggled
    /// Any other key: shows the HUD and restarts its 3 s.
    case interacted
    /// The app has a short word for the user (a key it handled, such as `w`): the HUD shows
    /// with it (`notice`) and its 3 s start again.
    case noticeShown(String)
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
    /// Esc or q.
    case backRequested
    /// Ctrl+C: the app quits.
    case quitRequested

    // MARK: Tracks and speed (the user; each counts as a key press)

    /// `#`: the next audio track.
    case audioCycled
    /// `j`: the next subtitle track, then none, then the first again.
    case subtitlesCycled
    /// `v`: subtitles off, or back on with the track they had.
    case subtitlesToggled
    /// `z`/`Z`: the subtitles come this many milliseconds later (negative: earlier).
    case subtitleDelayChanged(by: Int)
    /// `[ ] { }` and Backspace.
    case speedChanged(SpeedChange)
    /// `t`: the track picker opens, or closes.
    case trackPickerToggled
    /// ↑↓ in the track picker.
    case trackPickerMoved(by: Int)
    /// Enter in the track picker: its row's track plays, and it closes.
    case trackPickerChose

    // MARK: The effects

    /// One more second of media time played (from `PlayerEngine.positions`).
    case positionAdvanced(to: Int)
    /// The seek to this target completed.
    case seekFinished(at: Int)
    /// 3 s passed since the key press counted by this `interactionCount`.
    case hudTimedOut(interaction: Int)
    /// `PlayerTiming.seekPreviewLinger` passed since the seek of the seek key counted by this
    /// `interactionCount` landed (`SeekPreview.seekKey`).
    case seekPreviewTimedOut(seekKey: Int)
    /// A second passed on a countdown prompt, which now shows `secondsLeft`.
    case countdownTicked(CountdownPrompt, secondsLeft: Int)
    /// The engine opened the media (`PlayerEngine.open`): it can play now.
    case mediaLoaded(MediaInfo)
    /// The media cannot play, or the engine stopped; a message a user can read.
    case mediaFailed(String)
    /// The catalog's answer to `upNextLookup`: the title after `titleID`, or nil at the end.
    case nextTitleFound(Title?, after: String)
}

/// How a speed key changes the speed (see `PlaybackChoice.speed`).
package enum SpeedChange: Equatable, Sendable, Codable {
    /// By this many percentage points: `[` -10, `]` +10.
    case step(Int)
    /// `{`.
    case halve
    /// `}`.
    case double
    /// Backspace: 1x.
    case reset
}

/// The two prompts that share the `Countdown` mechanism.
package enum CountdownPrompt: Hashable, Sendable, CaseIterable, Codable {
    case skipIntro
    case upNext
}
