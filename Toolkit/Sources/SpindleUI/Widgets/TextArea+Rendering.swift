import Terminal

extension TextArea {
    /// Draws the visible lines in `area` (or the placeholder, while the text is empty), scrolled
    /// so that the cursor shows, and, when `isFocused`, puts the canvas cursor where the next
    /// character goes. Returns that position (nil when `area` is empty).
    ///
    /// Lines scroll sideways together, as far as the cursor's column needs; a tab is drawn as
    /// the blanks up to its column.
    ///
    ///     note.render(in: box, on: canvas, isFocused: focus == .note)
    @discardableResult
    public func render(in area: Rect, on canvas: any Canvas, isFocused: Bool = true) -> Terminal.Position? {
        guard !area.isEmpty else { return nil }
        let top = visibleOffset(height: area.rows)
        let column = cursorColumn
        let left = max(column - (area.columns - 1), 0)
        if isEmpty {
            canvas.put(placeholder, row: area.row, column: area.column, style: styles.placeholder, width: area.columns)
        }
        for row in 0..<min(area.rows, lines.count - top) {
            let (shown, skipped) = Self.visible(lines[top + row], from: left)
            guard !shown.isEmpty, skipped < area.columns else { continue }
            canvas.put(shown, row: area.row + row, column: area.column + skipped, style: styles.text,
                       width: area.columns - skipped, ellipsis: false)
        }
        let position = Terminal.Position(row: area.row + cursor.line - top,
                                         column: area.column + min(column - left, area.columns - 1))
        if isFocused { canvas.cursor = position }
        return position
    }

    /// The part of `line` from display column `offset` on, tabs drawn as blanks, and how many
    /// blank columns stand before it (a wide character or a tab straddling the offset).
    static func visible(_ line: String, from offset: Int) -> (String, Int) {
        var shown = ""
        var column = 0
        var skipped = 0
        for character in line {
            let width = width(of: character, at: column)
            if column >= offset {
                if character == "\t" { shown += String(repeating: " ", count: width) } else { shown.append(character) }
            } else if column + width > offset {
                skipped = column + width - offset
            }
            column += width
        }
        return (shown, skipped)
    }
}
