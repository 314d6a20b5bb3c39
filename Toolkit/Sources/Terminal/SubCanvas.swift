/// A rectangle of another canvas, drawn on as if it were a whole screen.
///
/// Its `size` is the area's size and (0, 0) its top-left cell. Drawing is moved to the area and
/// clipped to it: text is cut at the area's right edge by display width (a wide character is
/// never split, "…" ends a cut text as at a screen's edge), fills are clipped, and the cursor is
/// moved. An area of an area draws straight on the first canvas.
///
///     let sidebar = canvas.area(Rect(row: 1, column: 0, rows: 10, columns: 20))
///     sidebar.put("Genres", row: 0, column: 1, style: .bold)   // cut at column 20 of the screen
///     sidebar.size                                              // 20x10
public final class SubCanvas: Canvas {
    /// The canvas drawn on.
    public let base: any Canvas
    /// Where the area lies on `base` (always inside it).
    public let frame: Rect

    /// The part of `rect` that lies on `base`. Prefer `base.area(rect)`, which flattens nesting.
    package init(base: any Canvas, frame rect: Rect) {
        self.base = base
        self.frame = rect.clipped(to: base.size)
    }

    /// The area's size.
    public var size: Size { Size(rows: frame.rows, columns: frame.columns) }

    /// Draws in the area's coordinates, cut at its right edge (see `Canvas.put`).
    @discardableResult
    public func put(_ text: some StringProtocol, row: Int, column: Int, style: Style, width: Int?, ellipsis: Bool) -> Int {
        guard row >= 0, row < frame.rows, column < frame.columns else { return 0 }
        if column < 0 {
            // Rare: text that starts left of the area shows from its first whole character inside.
            return putStartingLeft(text, row: row, column: column, style: style, width: width, ellipsis: ellipsis)
        }
        let room = frame.columns - column
        let limit = width.map { min(max($0, 0), room) } ?? room
        guard limit > 0 else { return 0 }
        return base.put(text, row: frame.row + row, column: frame.column + column, style: style, width: limit, ellipsis: ellipsis)
    }

    /// Fills the part of `rect` inside the area.
    public func fill(_ rect: Rect, with character: Character, style: Style) {
        let inside = rect.clipped(to: size)
        guard !inside.isEmpty else { return }
        base.fill(inside.offsetBy(rows: frame.row, columns: frame.column), with: character, style: style)
    }

    /// A row of the area kept from frame to frame (see `Canvas.drawRow`): the identity also says
    /// where the area lies, so that the same row drawn elsewhere is not mistaken for it.
    public func drawRow(_ row: Int, identity: RowIdentity, edge: RowEdge?, content: () -> Void, edgeContent: () -> Void) {
        guard row >= 0, row < frame.rows else {
            content()
            edgeContent()
            return
        }
        let placed = edge.map {
            RowEdge(columns: (frame.column + $0.columns.lowerBound)..<(frame.column + $0.columns.upperBound), identity: $0.identity)
        }
        base.drawRow(frame.row + row, identity: identity.combined(with: frame.column, frame.columns), edge: placed,
                     content: content, edgeContent: edgeContent)
    }

    /// Passed on for an area as wide as its canvas: moving part of a row would move what lies
    /// beside the area too.
    public func shiftRows(_ rows: Range<Int>, toShow identities: [RowIdentity]) {
        guard frame.column == 0, frame.columns == base.size.columns, rows.lowerBound >= 0, rows.upperBound <= frame.rows else {
            return
        }
        base.shiftRows((frame.row + rows.lowerBound)..<(frame.row + rows.upperBound),
                       toShow: identities.map { $0.combined(with: frame.column, frame.columns) })
    }

    /// Places a picture in the area's coordinates; one that does not lie wholly inside the area
    /// places nothing (a picture is never cut).
    public func placeImage(_ image: PlacedImage, in rect: Rect) {
        guard !rect.isEmpty, rect.clipped(to: size) == rect else { return }
        base.placeImage(image, in: rect.offsetBy(rows: frame.row, columns: frame.column))
    }

    /// The screen's cell size in pixels.
    public var cellPixelSize: CellPixelSize? { base.cellPixelSize }

    /// The screen's: an area shares the memory of the canvas it is drawn on.
    public var scrollMemory: ScrollMemory? { base.scrollMemory }

    /// The cursor in the area's coordinates. Setting a position outside the area hides it.
    public var cursor: Position? {
        get {
            guard let position = base.cursor else { return nil }
            let local = Position(row: position.row - frame.row, column: position.column - frame.column)
            return contains(local) ? local : nil
        }
        set {
            guard let position = newValue, contains(position) else {
                base.cursor = nil
                return
            }
            base.cursor = Position(row: position.row + frame.row, column: position.column + frame.column)
        }
    }

    private func contains(_ position: Position) -> Bool {
        position.row >= 0 && position.row < frame.rows && position.column >= 0 && position.column < frame.columns
    }

    private func putStartingLeft(_ text: some StringProtocol, row: Int, column: Int, style: Style, width: Int?, ellipsis: Bool) -> Int {
        var skipped = 0
        var start = text.startIndex
        for character in text {
            guard column + skipped < 0 else { break }
            skipped += DisplayText.width(String(character))
            start = text.index(after: start)
        }
        let remaining = width.map { $0 - skipped } ?? nil
        if let remaining, remaining <= 0 { return 0 }
        let shown = put(text[start...], row: row, column: column + skipped, style: style, width: remaining, ellipsis: ellipsis)
        return shown > 0 ? shown + (column + skipped) : 0
    }
}

extension Canvas {
    /// The part of this canvas inside `rect`, as a canvas of its own (see `SubCanvas`).
    ///
    ///     let footer = canvas.area(Rect(row: canvas.size.rows - 1, column: 0, rows: 1, columns: canvas.size.columns))
    ///     footer.put("q quit", row: 0, column: 1)
    public func area(_ rect: Rect) -> SubCanvas {
        if let area = self as? SubCanvas {
            let inside = rect.clipped(to: area.size)
            return SubCanvas(base: area.base, frame: inside.offsetBy(rows: area.frame.row, columns: area.frame.column))
        }
        return SubCanvas(base: self, frame: rect)
    }
}
