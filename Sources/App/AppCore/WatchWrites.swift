import Catalog

/// The watch marks the reducer changed, in order, for the feedback that saves them to the
/// library (`AppFeedbacks.savingWatchMarks`): the reducer appends, the feedback writes each new
/// one once. The count only grows; the last `kept` changes are kept, more than one event makes.
///
///     state.watchWrites.append("t1", WatchMark(watched: true))
package struct WatchWrites: Equatable, Sendable, Codable {
    package struct Change: Equatable, Sendable, Codable {
        package var id: String
        package var mark: WatchMark
    }

    /// How many changes were ever made.
    package private(set) var count = 0
    /// The latest changes, oldest first (at most `kept`).
    package private(set) var recent: [Change] = []
    static let kept = 64

    package init() {}

    package mutating func append(_ id: String, _ mark: WatchMark) {
        count += 1
        recent.append(Change(id: id, mark: mark))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
    }

    /// The changes made after the first `seen`, the latest per title.
    package func changes(after seen: Int) -> [String: WatchMark] {
        let new = min(max(count - seen, 0), recent.count)
        var marks: [String: WatchMark] = [:]
        for change in recent.suffix(new) { marks[change.id] = change.mark }
        return marks
    }
}
