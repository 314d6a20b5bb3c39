/// How the user wants a title to play: the audio and subtitle tracks they chose, the subtitles'
/// delay and the speed. Kept per title id beside its watch mark (the library's
/// `playback_choice` table, or the session's journal) and applied when the title plays again.
///
///     PlaybackChoice(audioTrack: 2, subtitles: .off, speed: 150)   // the second audio track, no subtitles, 1.5x
package struct PlaybackChoice: Equatable, Hashable, Sendable, Codable {
    /// The engine's id of the audio track (mpv's `aid`, from 1); nil: the media's default.
    package var audioTrack: Int?
    /// nil: the media's default.
    package var subtitles: SubtitleChoice?
    /// Milliseconds the subtitles come later (negative: earlier).
    package var subtitleDelay: Int
    /// Percent of normal speed (100: 1x), `minimumSpeed` … `maximumSpeed`.
    package var speed: Int

    package init(audioTrack: Int? = nil, subtitles: SubtitleChoice? = nil, subtitleDelay: Int = 0, speed: Int = 100) {
        self.audioTrack = audioTrack
        self.subtitles = subtitles
        self.subtitleDelay = subtitleDelay
        self.speed = Self.clampedSpeed(speed)
    }

    package static let normalSpeed = 100
    package static let minimumSpeed = 50
    package static let maximumSpeed = 300

    package static func clampedSpeed(_ percent: Int) -> Int {
        min(max(percent, minimumSpeed), maximumSpeed)
    }
}

/// The subtitles a title plays with: none, or the engine's track with this id (mpv's `sid`).
package enum SubtitleChoice: Equatable, Hashable, Sendable, Codable {
    case off
    case track(Int)

    /// The track's id; nil when off.
    package var track: Int? {
        if case .track(let id) = self { id } else { nil }
    }
}
