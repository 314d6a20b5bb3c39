import CNCursesW

/// Drawing: into the ncurses window, row by row; rows that show what they showed last frame are
/// kept (`RetainedRows`), and `present` sends only the difference.
extension TerminalScreen {
    @discardableResult
    public func put(_ text: some StringProtocol, row: Int, column: Int, style: Style, width: Int?, ellipsis: Bool) -> Int {
        guard layout.layForPut(text, row: row, column: column, width: width, ellipsis: ellipsis, on: size) else { return 0 }
        if retained.willDraw(row: row) { clearRow(row) }
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
        let drawn = column >= 0 ? layout.width : max(layout.width + column, 0)
        if drawn > 0 { placements.noteDrawing(rows: row..<(row + 1), columns: max(column, 0)..<(max(column, 0) + drawn)) }
        return drawn
    }

    public func fill(_ rect: Rect, with character: Character, style: Style) {
        let area = rect.clipped(to: size)
        guard !area.isEmpty else { return }
        let (attributes, pair) = palette.attributes(for: style)
        var cell = cchar_t()
        var text: [wchar_t] = [wchar_t(bitPattern: Self.fillScalar(character).value), 0]
        _ = setcchar(&cell, &text, attributes, pair, nil)
        if !placing {
            placements.noteDrawing(rows: area.row..<(area.row + area.rows), columns: area.column..<(area.column + area.columns))
        }
        for row in area.row..<(area.row + area.rows) {
            if retained.willDraw(row: row) { clearRow(row) }
            _ = mvwhline_set(window, Int32(row), Int32(area.column), &cell, Int32(area.columns))
        }
    }

    /// A fill character must be one visible column; anything else fills with spaces.
    static func fillScalar(_ character: Character) -> Unicode.Scalar {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return " " }
        let shown = DisplayText.visible(scalar)
        return DisplayText.columns(of: shown) == 1 ? shown : " "
    }

    public func drawRow(_ row: Int, identity: RowIdentity, edge: RowEdge?, content: () -> Void, edgeContent: () -> Void) {
        drawRetainedRow(row, identity: identity, edge: edge, content: content, edgeContent: edgeContent)
    }

    /// Moves the rows with ncurses' own scrolling (the lines' storage moves, no cell is copied);
    /// `doupdate` then sends the terminal a scroll, as it does for a list drawn in full.
    public func shiftRows(_ rows: Range<Int>, toShow identities: [RowIdentity]) {
        let distance = retained.shift(rows, toShow: identities)
        guard distance != 0 else { return }
        if placements.shown.contains(where: { $0.shown.image.format.isInCells && rows.overlaps($0.shown.rect.row..<($0.shown.rect.row + $0.shown.rect.rows)) }) {
            rowsToRedraw.append(rows)
        }
        placements.shift(rows)
        wsetscrreg(window, Int32(rows.lowerBound), Int32(rows.upperBound - 1))
        scrollok(window, true)
        wscrl(window, Int32(distance))
        scrollok(window, false)
        wsetscrreg(window, 0, Int32(size.rows - 1))
    }

    /// What the last frame drew, kept, moved and cleared, in rows.
    public var lastFrame: FrameStatistics { retained.statistics }

    /// What scrolling widgets drew last frame (see `ScrollMemory`).
    public var scrollMemory: ScrollMemory? { memory }

    /// Starts a frame with no cursor (a frame that wants one sets it). Nothing is erased: each
    /// row is cleared when first drawn on, kept when it shows its identity already, and cleared
    /// at `present` if nothing drew on it.
    public func beginFrame() {
        retained.beginFrame()
        memory.beginFrame()
        placements.beginFrame()
        cursor = nil
    }

    public func present() {
        retained.endFrame { row in clearRow(row) }
        if let cursor, cursor.row >= 0, cursor.row < size.rows, cursor.column >= 0, cursor.column < size.columns {
            wmove(window, Int32(cursor.row), Int32(cursor.column))
            if !cursorShown { curs_set(1); cursorShown = true }
        } else if cursorShown {
            curs_set(0)
            cursorShown = false
        }
        let pictures = preparePictures()
        wnoutrefresh(window)
        doupdate()
        // After the text: a picture lies over the cells the update has just written.
        writeToTerminal(pictures)
    }

    /// ncurses 6.4 flushes its output at every cursor move of an update for as long as the
    /// screen has never been left (its `endwin` state is still "initial": it cannot tell an
    /// application's own `mvcur` from its update's), so a frame went out in a `write` per changed
    /// part: 8 to 12 system calls for a Down key, each waking the terminal. Leaving the screen
    /// once and coming back, before anything is drawn, puts it in its "running" state, where an
    /// update is written whole by one `write` at its end. It costs the start two mode changes
    /// and the alternate screen's sequences (about 75 bytes); with an ncurses that does not
    /// flush, it changes nothing.
    static func leaveFirstUpdateState() {
        endwin()
        doupdate()
    }

    func clearRow(_ row: Int) {
        if !placing { placements.noteDrawing(rows: row..<(row + 1), columns: 0..<size.columns) }
        wmove(window, Int32(row), 0)
        wclrtoeol(window)
    }
}
