import Terminal

/// Lines in a box over the middle of an area, each padded to the box's width: the offer to
/// resume and the pickers drawn over a screen. When they do not all fit, the rows around
/// `selected` show. Text from data is drawn as text (`Canvas.put` neutralizes escapes).
///
///     OverlayBox.render([(" Tracks", theme.header), ("  ● English ", theme.selected)], width: 32, in: area, on: canvas)
enum OverlayBox {
    static func render(_ lines: [(text: String, style: Style)], width: Int, keepingInSight selected: Int = 0,
                       ellipsis: Bool = true, in area: Rect, on canvas: any Canvas) {
        let width = min(area.columns, width)
        let visible = min(lines.count, area.rows)
        let first = lines.count <= visible ? 0 : min(max(selected - visible / 2, 0), lines.count - visible)
        let top = area.row + max(0, (area.rows - visible) / 2)
        let left = area.column + max(0, (area.columns - width) / 2)
        for offset in 0..<visible {
            let line = lines[first + offset]
            canvas.put(DisplayText.fitted(line.text, toWidth: width, ellipsis: ellipsis), row: top + offset, column: left,
                       style: line.style, width: width)
        }
    }

    /// The widest of the lines, in columns.
    static func width(of lines: [(text: String, style: Style)]) -> Int {
        lines.map { DisplayText.width($0.text) }.max() ?? 0
    }
}
