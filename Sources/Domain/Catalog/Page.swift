/// One page of answers. `next` is where the following page starts, or nil at the end.
package struct Page: Equatable, Sendable, Codable {
    package var items: [Title]
    package var next: PageCursor?

    package init(items: [Title], next: PageCursor?) {
        self.items = items
        self.next = next
    }

    /// Whether this is the last page.
    package var isLast: Bool { next == nil }
}
