import SpindleUI
import Terminal

/// A titled box over the middle of an area: the offer to resume and the pickers drawn over a
/// screen. A `Block` draws the border with the title on its top edge; inside, each line is drawn
/// across the box's width in its style (a selected line is highlighted from edge to edge), and
/// the footer (the keys) sits on the last row inside. When the lines do not all fit, the rows
/// around `selected` show. Text from data is drawn as text (`Canvas.put` neutralizes escapes).
///
///     OverlayBox(title: "Tracks", lines: [("● English", theme.selected)], footer: ("Esc close", theme.notice))
///         .render(in: area, theme: theme, on: canvas)
struct OverlayBox {
    typealias Line = (text: String, style: Style)

    var title: String
    var lines: [Line]
    var footer: Line?
    /// The line kept in sight when not all fit.
    var selected = 0
    /// The narrowest the box's inside is, in columns.
    var minimumWidth = 0

    /// The inside's width: the widest line, footer or title, and at least `minimumWidth`.
    var innerWidth: Int {
        let texts = lines.map(\.text) + (footer.map { [$0.text] } ?? [])
        let widest = texts.map { DisplayText.width($0) }.max() ?? 0
        return max(widest, DisplayText.width(title) + 2, minimumWidth)
    }

    func render(in area: Rect, theme: Theme, on canvas: any Canvas) {
        let footerRows = footer == nil ? 0 : 1
        // A column of padding at each side, inside the border.
        let columns = min(innerWidth + 4, area.columns)
        let rows = min(lines.count + footerRows + 2, area.rows)
        let box = Rect(row: area.row + max(0, (area.rows - rows) / 2), column: area.column + max(0, (area.columns - columns) / 2),
                       rows: rows, columns: columns)
        let block = Block(title: title.isEmpty ? "" : " \(title) ", border: .rounded, padding: Size(rows: 0, columns: 1),
                          styles: BlockStyles(border: theme.help.border, title: theme.label))
        block.render(in: box, on: canvas)
        let inside = block.inner(box)
        guard !inside.isEmpty else { return }
        let (body, footerArea) = inside.splitBottom(rows: min(footerRows, inside.rows))
        if let footer, !footerArea.isEmpty {
            canvas.put(footer.text, row: footerArea.row, column: footerArea.column, style: footer.style, width: footerArea.columns)
        }
        let visible = min(lines.count, body.rows)
        let first = lines.count <= visible ? 0 : min(max(selected - visible / 2, 0), lines.count - visible)
        for offset in 0..<visible {
            let line = lines[first + offset]
            // One column of the padding on each side takes the line's style: a highlight reaches the border.
            canvas.put(DisplayText.fitted(" " + line.text, toWidth: body.columns + 2), row: body.row + offset,
                       column: body.column - 1, style: line.style, width: body.columns + 2)
        }
    }
}
