/// What has been watched of a title: whether it was seen to the end, and where to resume.
public struct WatchState: Equatable, Sendable {
    public var watched: Bool
    /// Whole seconds from the start.
    public var position: Int
    /// When it last changed, in milliseconds since 1970.
    public var updated: Int64

    public init(watched: Bool, position: Int, updated: Int64) {
        self.watched = watched
        self.position = position
        self.updated = updated
    }
}
