import Terminal

extension TextInput {
    /// Draws the prompt and the visible part of the text (or the placeholder) in the first row
    /// of `area`, and, when `showsCursor`, puts the canvas cursor where the next character
    /// goes. Returns that position.
    ///
    ///     let cursor = input.render(in: footer, on: canvas)
    @discardableResult
    public func render(in area: Rect, on canvas: any Canvas, showsCursor: Bool = true) -> Position? {
        guard !area.isEmpty else { return nil }
        let promptWidth = canvas.put(prompt, row: area.row, column: area.column, style: styles.prompt,
                                     width: max(area.columns - 1, 0), ellipsis: false)
        let field = Rect(row: area.row, column: area.column + promptWidth, rows: 1, columns: area.columns - promptWidth)
        guard field.columns > 0 else { return nil }
        if text.isEmpty {
            canvas.put(placeholder, row: field.row, column: field.column, style: styles.placeholder, width: field.columns)
        }
        let offset = visibleOffset(width: field.columns)
        let (shown, skipped) = visibleText(from: offset)
        if !shown.isEmpty {
            canvas.put(shown, row: field.row, column: field.column + skipped, style: styles.text,
                       width: field.columns - skipped, ellipsis: false)
        }
        let position = Position(row: field.row, column: field.column + min(cursorColumn - offset, field.columns - 1))
        if showsCursor { canvas.cursor = position }
        return position
    }

    /// The text from display column `offset` on, and how many blank columns stand before it
    /// (1 when a wide character straddles the offset and is left out).
    private func visibleText(from offset: Int) -> (Substring, Int) {
        guard offset > 0 else { return (text[...], 0) }
        var column = 0
        var index = text.startIndex
        while index < text.endIndex, column < offset {
            column += DisplayText.width(String(text[index]))
            index = text.index(after: index)
        }
        return (text[index...], column - offset)
    }
}
