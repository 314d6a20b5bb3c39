/// A seek asked for and not yet finished: the screen says "seeking…" and playback waits.
public struct PendingSeek: Equatable, Sendable, Codable {
    public enum Purpose: Equatable, Sendable, Codable {
        /// The user seeked with a key.
        case user
        /// The skip-intro prompt is skipping: it stays on screen until this seek finishes.
        case skipIntro
    }

    /// Where the seek lands, in seconds.
    public var target: Int
    public var purpose: Purpose

    public init(target: Int, purpose: Purpose) {
        self.target = target
        self.purpose = purpose
    }
}
