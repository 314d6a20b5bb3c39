/// Cutting a rectangle into parts: a header row off the top, a footer off the bottom, a
/// scrollbar off the right. Each split clamps to what there is, so a tiny area gives empty
/// parts rather than negative sizes.
///
///     let (header, rest) = area.splitTop(rows: 1)
///     let (body, footer) = rest.splitBottom(rows: 1)
extension Rect {
    /// A rectangle at the origin covering a canvas of `size`.
    ///
    ///     let whole = Rect(size: canvas.size)
    public init(size: Size) {
        self.init(row: 0, column: 0, rows: size.rows, columns: size.columns)
    }

    /// The same rectangle moved down by `rows` and right by `columns`.
    ///
    ///     Rect(row: 1, column: 1, rows: 2, columns: 2).offsetBy(rows: 1, columns: 0).row  // 2
    public func offsetBy(rows: Int, columns: Int) -> Rect {
        Rect(row: row + rows, column: column + columns, rows: self.rows, columns: self.columns)
    }

    /// The first `rows` rows and the rest.
    ///
    ///     let (header, body) = area.splitTop(rows: 1)
    public func splitTop(rows count: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(count, 0), max(rows, 0))
        return (Rect(row: row, column: column, rows: taken, columns: columns),
                Rect(row: row + taken, column: column, rows: max(rows - taken, 0), columns: columns))
    }

    /// The last `rows` rows and the rest above them.
    ///
    ///     let (body, footer) = area.splitBottom(rows: 1)
    public func splitBottom(rows count: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(count, 0), max(rows, 0))
        return (Rect(row: row, column: column, rows: max(rows - taken, 0), columns: columns),
                Rect(row: row + rows - taken, column: column, rows: taken, columns: columns))
    }

    /// The first `columns` columns and the rest.
    ///
    ///     let (gutter, text) = area.splitLeft(columns: 2)
    public func splitLeft(columns count: Int) -> (left: Rect, rest: Rect) {
        let taken = min(max(count, 0), max(columns, 0))
        return (Rect(row: row, column: column, rows: rows, columns: taken),
                Rect(row: row, column: column + taken, rows: rows, columns: max(columns - taken, 0)))
    }

    /// The last `columns` columns and the rest to their left.
    ///
    ///     let (list, scrollbar) = area.splitRight(columns: 1)
    public func splitRight(columns count: Int) -> (rest: Rect, right: Rect) {
        let taken = min(max(count, 0), max(columns, 0))
        return (Rect(row: row, column: column, rows: rows, columns: max(columns - taken, 0)),
                Rect(row: row, column: column + columns - taken, rows: rows, columns: taken))
    }

    /// The rectangle shrunk by `rows` at top and bottom and `columns` at left and right.
    ///
    ///     let inside = box.insetBy(rows: 1, columns: 2)
    public func insetBy(rows inset: Int, columns horizontal: Int) -> Rect {
        Rect(row: row + inset, column: column + horizontal,
             rows: max(rows - 2 * inset, 0), columns: max(columns - 2 * horizontal, 0))
    }

    /// The row at `index` within this rectangle, as a one-row rectangle.
    ///
    ///     let second = area.singleRow(1)
    public func singleRow(_ index: Int) -> Rect {
        Rect(row: row + index, column: column, rows: 1, columns: columns)
    }
}
