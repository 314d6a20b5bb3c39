import SpindleUI
import Terminal

/// Where things go on a screen: a header row, the table, the detail pane (beside the table on a
/// wide screen, below it on a narrow one) and a footer row. The reducer needs the table's rows
/// (a page for Page Up and Down), the view all of it.
public struct ProcessLayout: Equatable, Sendable {
    public var header: Rect, table: Rect, detail: Rect, footer: Rect

    public init(size: Size, isDetailShown: Bool) {
        let rows = Rect(size: size).split(.vertical, [.length(1), .fill(1), .length(1)])
        let body = !isDetailShown ? rows[1].split(.vertical, [.fill(1), .length(0)])
            : size.columns >= 100 ? rows[1].split(.horizontal, [.fill(1), .length(46)], spacing: 1)
            : rows[1].split(.vertical, [.min(4), .length(12)])
        (header, table, detail, footer) = (rows[0], body[0], body[1], rows[2])
    }

    public var tableRows: Int { Table.bodyRows(in: table) }
}
