/// A seek asked for and not yet finished: the screen says "seeking…" and playback waits.
package struct PendingSeek: Equatable, Sendable, Codable {
    package enum Purpose: Equatable, Sendable, Codable {
        /// The user seeked with a key.
        case user
        /// The skip-intro prompt is skipping: it stays on screen until this seek finishes.
        case skipIntro
    }

    /// Where the seek lands, in seconds.
    package var target: Int
    package var purpose: Purpose

    package init(target: Int, purpose: Purpose) {
        self.target = target
        self.purpose = purpose
    }
}
