import Downloads

/// The requests the app made of the downloads spin, in order: the reducer appends, and the
/// feedback that forwards them (`AppFeedbacks.downloadRequests`) sends each new one once. The
/// count only grows; the last few requests are kept, enough for one event's worth.
///
///     state.downloadRequests.append(.cancelRequested("film"))
package struct DownloadRequests: Equatable, Sendable, Codable {
    /// How many requests were ever made.
    package private(set) var count = 0
    /// The latest requests, oldest first (at most `kept`).
    package private(set) var recent: [DownloadsEvent] = []
    static let kept = 8

    package init() {}

    package mutating func append(_ request: DownloadsEvent) {
        count += 1
        recent.append(request)
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
    }

    /// The requests made after the first `seen`.
    package func requests(after seen: Int) -> ArraySlice<DownloadsEvent> {
        let new = min(max(count - seen, 0), recent.count)
        return recent.suffix(new)
    }
}
