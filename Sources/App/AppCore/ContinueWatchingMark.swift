import Catalog
import SpindleUI
import Terminal

/// The mark of a title the user left before its end, "◐ 34%", or watched to its credits, "✓",
/// in the Length column (or "◐" / "✓" at the row's end when that column does not show).
enum ContinueWatchingMark {
    static let symbol = "◐"
    static let watchedSymbol = "✓"

    static func render(_ position: Int?, watched: Bool = false, of title: Title, in rect: Rect, layout: TableLayout,
                       style: Style, on canvas: any Canvas) {
        if let group = title.group {
            // A show's or a season's progress is in its length column; without it, a mark at the end.
            let mark = group.isWatched ? watchedSymbol : (group.progress?.inProgress ?? 0) > 0 ? symbol : nil
            guard let mark, !layout.shows(3), rect.columns > 2 else { return }
            canvas.put(mark, row: rect.row, column: rect.column + rect.columns - 1, style: style, width: 1)
            return
        }
        guard position != nil || watched, rect.columns > 2 else { return }
        let symbol = position == nil ? watchedSymbol : symbol
        if layout.shows(3) {
            let mark = position.map { "\(symbol) \(min(99, max(1, $0 * 100 / max(title.duration, 1))))%" } ?? "\(symbol) seen"
            // Over the length drawn before: the whole cell, padded.
            let padded = String(repeating: " ", count: max(0, layout.widths[3] - mark.count)) + mark
            Layout.table.renderCell(padded, column: 3, in: rect, layout: layout, style: style, on: canvas)
        } else {
            canvas.put(symbol, row: rect.row, column: rect.column + rect.columns - 1, style: style, width: 1)
        }
    }
}
