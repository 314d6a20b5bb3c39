/// Rows a widget draws with an identity, which a screen keeps from one frame to the next.
///
/// A frame is still described in full, but a row whose inputs did not change costs a hash: the
/// screen remembers what identity each row showed and skips both the layout and the terminal's
/// calls for a row that shows it already. A row's edge (a list's scrollbar cell) has an
/// identity of its own, so that a moving thumb redraws one cell, not the row. A list that scrolled says so first (`shiftRows`), and
/// the rows that stay on screen move with it. Canvases that keep nothing (the defaults below)
/// just draw.
///
///     let identity = RowIdentity(item, isSelected, rect.column, rect.columns)
///     canvas.drawRow(rect.row, identity: identity) {
///         canvas.put(item.name, row: rect.row, column: rect.column, style: style, width: rect.columns)
///     }
///
/// The drawing must depend on nothing but the identity (and the row it is on) and stay on its
/// row: drawing outside it, or other drawing on the same row in the frame, makes the row one that
/// is drawn again next time (correct, only not kept).
extension Canvas {
    public func drawRow(_ row: Int, identity: RowIdentity, edge: RowEdge?, content: () -> Void, edgeContent: () -> Void) {
        content()
        edgeContent()
    }

    /// A kept row with no edge.
    public func drawRow(_ row: Int, identity: RowIdentity, _ draw: () -> Void) {
        drawRow(row, identity: identity, edge: nil, content: draw, edgeContent: {})
    }

    public func shiftRows(_ rows: Range<Int>, toShow identities: [RowIdentity]) {}
}
