import Catalog

/// What the reducer changed of something kept per title (watch marks, playback choices), in
/// order, for the feedback that saves it to the library (`AppFeedbacks.savingWatchMarks`,
/// `savingPlaybackChoices`): the reducer appends, the feedback writes each new one once. The
/// count only grows; the last `kept` changes are kept, more than one event makes.
///
///     state.watchWrites.append("t1", WatchMark(watched: true))
package struct TitleWrites<Mark: Equatable & Sendable & Codable>: Equatable, Sendable, Codable {
    package struct Change: Equatable, Sendable, Codable {
        package var id: String
        package var mark: Mark
    }

    /// How many changes were ever made.
    package private(set) var count = 0
    /// The latest changes, oldest first (at most `kept`).
    package private(set) var recent: [Change] = []
    static var kept: Int { 64 }

    package init() {}

    package mutating func append(_ id: String, _ mark: Mark) {
        count += 1
        recent.append(Change(id: id, mark: mark))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
    }

    /// The changes made after the first `seen`, the latest per title.
    package func changes(after seen: Int) -> [String: Mark] {
        let new = min(max(count - seen, 0), recent.count)
        var marks: [String: Mark] = [:]
        for change in recent.suffix(new) { marks[change.id] = change.mark }
        return marks
    }
}

/// The watch marks to write to the library.
package typealias WatchWrites = TitleWrites<WatchMark>
/// The tracks, delays and speeds to write to the library.
package typealias PlaybackChoiceWrites = TitleWrites<PlaybackChoice>
