import Downloads
import SpindleUI
import Terminal

/// A title's download in its row of the list, at the right end of the Title column: a small bar
/// and the percentage while it downloads ("▰▰▱▱▱ 42%"), "queued", "✓ offline" once stored,
/// "✗" and the reason when it failed, "interrupted" or "cancelled" until retried.
enum DownloadMark {
    static let barCells = 5

    /// The mark's text; nil when the title has no download.
    static func text(_ summary: DownloadSummary?, room: Int) -> String? {
        guard let summary else { return nil }
        switch summary.status {
        case .queued: return "queued"
        case .running: return bar(summary.fraction) + " \(summary.percent)%"
        case .finished: return "✓ offline"
        case .failed(let message):
            // The reason as far as half the column lets it.
            return DisplayText.truncated("✗ " + message, toWidth: max(room / 2, 10))
        case .cancelled: return "cancelled"
        case .interrupted: return "interrupted \(summary.percent)%"
        }
    }

    static func bar(_ fraction: Double) -> String {
        let filled = min(barCells, max(0, Int((fraction * Double(barCells)).rounded(.down))))
        return String(repeating: "▰", count: filled) + String(repeating: "▱", count: barCells - filled)
    }

    /// The columns the mark takes at the end of the Title column, with the blank before it; 0
    /// when there is none or no room for it. The title is cut to the rest (with "…").
    static func reservedColumns(_ summary: DownloadSummary?, in rect: Rect, layout: TableLayout) -> Int {
        let room = min(layout.widths[0], rect.columns - layout.starts[0])
        guard let text = text(summary, room: room), room > 12 else { return 0 }
        return DisplayText.width(text) + 1
    }

    /// Draws the mark at the end of the Title column, in the columns `reservedColumns` kept
    /// for it (the title is drawn cut before it).
    static func render(_ summary: DownloadSummary?, in rect: Rect, layout: TableLayout, style: Style, theme: Theme, on canvas: any Canvas) {
        let room = min(layout.widths[0], rect.columns - layout.starts[0])
        guard let text = text(summary, room: room), room > 12 else { return }
        let width = DisplayText.width(text)
        let column = rect.column + layout.starts[0] + room - width
        // The row's style (the selection's reverse) in the mark's colour.
        var markStyle = style
        if case .failed = summary?.status { markStyle.foreground = theme.error.foreground } else {
            markStyle.foreground = theme.download.foreground
        }
        canvas.put(" " + text, row: rect.row, column: column - 1, style: markStyle, width: width + 1)
    }
}
