import Catalog
import SpindleUI
import Terminal

/// The mark of a title the user left before its end: "◐ 34%" in the Length column (or "◐" at
/// the row's end when that column does not show).
enum ContinueWatchingMark {
    static let symbol = "◐"

    static func render(_ position: Int?, of title: Title, in rect: Rect, layout: TableLayout, style: Style,
                       on canvas: any Canvas) {
        guard let position, rect.columns > 2 else { return }
        if layout.shows(3) {
            let percent = min(99, max(1, position * 100 / max(title.duration, 1)))
            let mark = "\(symbol) \(percent)%"
            // Over the length drawn before: the whole cell, padded.
            let padded = String(repeating: " ", count: max(0, layout.widths[3] - mark.count)) + mark
            Layout.table.renderCell(padded, column: 3, in: rect, layout: layout, style: style, on: canvas)
        } else {
            canvas.put(symbol, row: rect.row, column: rect.column + rect.columns - 1, style: style, width: 1)
        }
    }
}
