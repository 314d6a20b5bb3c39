import Catalog

/// "Resume from 1:02:10 · Start over": offered when a title with a saved position is played.
///
///     state.resumeOffer = ResumeOffer(title: title, position: 3_730)
package struct ResumeOffer: Equatable, Sendable, Codable {
    /// The title to play.
    package var title: Title
    /// Seconds from the start, where the user left the title.
    package var position: Int

    /// An offer to play `title` from `position` seconds, or from the start.
    package init(title: Title, position: Int) {
        self.title = title
        self.position = position
    }
}

/// The user's answer to a `ResumeOffer`.
package enum ResumeAnswer: Equatable, Sendable, Codable {
    /// Play from the saved position.
    case resume
    /// Play from the start (the saved position is forgotten).
    case startOver
    /// Neither: back to the list.
    case dismissed
}
