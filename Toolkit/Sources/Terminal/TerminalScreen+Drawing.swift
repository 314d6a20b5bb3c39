import CNCursesW

/// Drawing: everything goes into the ncurses window; `present` sends only the difference.
extension TerminalScreen {
    @discardableResult
    public func put(_ text: some StringProtocol, row: Int, column: Int, style: Style, width: Int?, ellipsis: Bool) -> Int {
        guard layout.layForPut(text, row: row, column: column, width: width, ellipsis: ellipsis, on: size) else { return 0 }
        let (attributes, pair) = palette.attributes(for: style)
        wattr_set(window, attributes, pair, nil)
        if column >= 0 {
            layout.scalars.withUnsafeBufferPointer { buffer in
                _ = mvwaddnwstr(window, Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count))
            }
        } else {
            // Starts left of the screen: draw only the graphemes that start on it.
            layout.forEachGlyph { scalars, start, _ in
                guard column + start >= 0 else { return }
                Array(scalars).withUnsafeBufferPointer { buffer in
                    _ = mvwaddnwstr(window, Int32(row), Int32(column + start), buffer.baseAddress, Int32(buffer.count))
                }
            }
        }
        wattr_set(window, 0, 0, nil)
        return column >= 0 ? layout.width : max(layout.width + column, 0)
    }

    public func fill(_ rect: Rect, with character: Character, style: Style) {
        let area = rect.clipped(to: size)
        guard !area.isEmpty else { return }
        let (attributes, pair) = palette.attributes(for: style)
        var cell = cchar_t()
        var text: [wchar_t] = [wchar_t(bitPattern: Self.fillScalar(character).value), 0]
        _ = setcchar(&cell, &text, attributes, pair, nil)
        for row in area.row..<(area.row + area.rows) {
            _ = mvwhline_set(window, Int32(row), Int32(area.column), &cell, Int32(area.columns))
        }
    }

    /// A fill character must be one visible column; anything else fills with spaces.
    static func fillScalar(_ character: Character) -> Unicode.Scalar {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return " " }
        let shown = DisplayText.visible(scalar)
        return DisplayText.columns(of: shown) == 1 ? shown : " "
    }

    /// Starts a frame on a blank canvas with no cursor: a frame that wants one sets it.
    public func beginFrame() {
        werase(window)
        cursor = nil
    }

    public func present() {
        if let cursor, cursor.row >= 0, cursor.row < size.rows, cursor.column >= 0, cursor.column < size.columns {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            if !cursorShown { curs_set(1); cursorShown = true }
        } else if cursorShown {
            curs_set(0)
            cursorShown = false
        }
        wnoutrefresh(window)
        doupdate()
    }
}
