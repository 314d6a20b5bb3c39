/// A request for one page of titles matching `query`.
///
/// Two requests are equal when they ask for the same page of the same search, which is how a
/// browser tells a current answer from a stale one.
package struct PageRequest: Equatable, Hashable, Sendable, Codable {
    /// What to search for; empty means the whole catalog.
    package var query: String
    package var cursor: PageCursor
    /// The most titles the page may hold (at least 1).
    package var pageSize: Int

    package init(query: String = "", cursor: PageCursor = .start, pageSize: Int) {
        self.query = query
        self.cursor = cursor
        self.pageSize = max(1, pageSize)
    }
}
