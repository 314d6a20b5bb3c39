import Catalog

/// What an engine learned from the media once it loaded: its length, its chapters and the
/// volume the engine starts at (its user's own configuration).
public struct MediaInfo: Equatable, Sendable, Codable {
    /// Seconds; nil when the media cannot tell (a live stream).
    public var duration: Double?
    public var chapters: [Chapter]
    /// 0 … 130 (mpv's scale); nil if the engine has none.
    public var volume: Int?
    public var isMuted: Bool

    public init(duration: Double?, chapters: [Chapter] = [], volume: Int? = nil, isMuted: Bool = false) {
        self.duration = duration
        self.chapters = chapters
        self.volume = volume
        self.isMuted = isMuted
    }
}
