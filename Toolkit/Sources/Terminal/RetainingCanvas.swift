/// A screen that keeps rows from frame to frame (`RetainedRows`): the terminal's and the
/// headless one share how a row is kept, drawn at its edge only, or cleared and drawn.
protocol RetainingCanvas: AnyObject, Canvas {
    var retained: RetainedRows { get set }
    /// Blanks `row` before it is drawn anew.
    func clearRow(_ row: Int)
}

extension RetainingCanvas {
    /// `Canvas.drawRow`, for a screen that retains rows.
    func drawRetainedRow(_ row: Int, identity: RowIdentity, edge: RowEdge?, content: () -> Void, edgeContent: () -> Void) {
        switch retained.beginRow(row, identity: identity, edge: edge) {
        case .keep:
            return
        case .drawEdge(let clearing):
            if let clearing { fill(Rect(row: row, column: clearing.lowerBound, rows: 1, columns: clearing.count), with: " ", style: .plain) }
            edgeContent()
            retained.endRow()
            return
        case .clearAndDraw:
            clearRow(row)
        case .draw:
            break
        }
        content()
        edgeContent()
        retained.endRow()
    }
}

extension HeadlessScreen: RetainingCanvas {}
extension TerminalScreen: RetainingCanvas {}
