/// What has been watched of a title: whether it was seen to the end, and where to resume.
package struct WatchState: Equatable, Sendable {
    package var watched: Bool
    /// Whole seconds from the start.
    package var position: Int
    /// When it last changed, in milliseconds since 1970.
    package var updated: Int64

    package init(watched: Bool, position: Int, updated: Int64) {
        self.watched = watched
        self.position = position
        self.updated = updated
    }
}
