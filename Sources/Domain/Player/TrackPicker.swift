/// The track picker (`t`): the audio tracks, "no subtitles" and the subtitle tracks, one per
/// row, and the row the user is on. Its rows come from the player's tracks
/// (`PlayerState.trackPickerRows`), so the picker itself is only a selection.
///
///     player.trackPicker?.selection   // 0: the first audio track
package struct TrackPicker: Equatable, Sendable, Codable {
    /// The row the user is on, in `PlayerState.trackPickerRows`.
    package internal(set) var selection: Int

    package init(selection: Int = 0) {
        self.selection = selection
    }
}

/// A row of the track picker.
package enum TrackPickerRow: Equatable, Sendable {
    case audio(MediaTrack)
    case subtitlesOff
    case subtitles(MediaTrack)
}
