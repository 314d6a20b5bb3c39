import Catalog

/// What an engine learned from the media once it loaded: its length, its chapters and the
/// volume the engine starts at (its user's own configuration).
package struct MediaInfo: Equatable, Sendable, Codable {
    /// Seconds; nil when the media cannot tell (a live stream).
    package var duration: Double?
    package var chapters: [Chapter]
    /// 0 … 130 (mpv's scale); nil if the engine has none.
    package var volume: Int?
    package var isMuted: Bool

    package init(duration: Double?, chapters: [Chapter] = [], volume: Int? = nil, isMuted: Bool = false) {
        self.duration = duration
        self.chapters = chapters
        self.volume = volume
        self.isMuted = isMuted
    }
}
