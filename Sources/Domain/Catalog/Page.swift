/// One page of answers. `next` is where the following page starts, or nil at the end.
public struct Page: Equatable, Sendable, Codable {
    public var items: [Title]
    public var next: PageCursor?

    public init(items: [Title], next: PageCursor?) {
        self.items = items
        self.next = next
    }

    /// Whether this is the last page.
    public var isLast: Bool { next == nil }
}
