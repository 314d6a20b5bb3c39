import Terminal

/// Where things go on a screen of a given size: a header row, the list, a footer row. The
/// reducer needs the list's height (to page and scroll), the view needs all three.
public struct TodoLayout: Equatable, Sendable {
    public var header: Rect
    public var list: Rect
    public var footer: Rect

    public init(size: Size) {
        let (header, rest) = Rect(size: size).splitTop(rows: 1)
        let (list, footer) = rest.splitBottom(rows: 1)
        self.header = header
        self.list = list
        self.footer = footer
    }
}
