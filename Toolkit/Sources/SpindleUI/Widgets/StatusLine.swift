import Terminal
import TextFormat

/// A row with text at the left and at the right: a header ("Spindle  “jazz”" … "187 / 5,000"),
/// a footer. The right part keeps its place; the left is cut (with "…") to leave a gap before it,
/// and when the row is too narrow for both the right part is cut too.
///
///     StatusLine(left: " Spindle", right: PositionText(187, of: 5000, isTotalKnown: true).text + " ")
///         .render(in: area.singleRow(0), on: canvas)
public struct StatusLine: Hashable, Sendable {
    /// Drawn from the row's start; cut first.
    public var left: String
    /// Drawn against the row's end; kept whole when it fits.
    public var right: String
    /// The whole row's style.
    public var style: Style
    /// Columns kept blank between the two parts.
    public var gap: Int

    /// A status line.
    ///
    ///     StatusLine(left: " Spindle", right: "3 titles ", style: Style(.bold, background: .cyan))
    public init(left: String, right: String = "", style: Style = .plain, gap: Int = 1) {
        self.left = left
        self.right = right
        self.style = style
        self.gap = gap
    }

    /// Fills the first row of `area` in the style and draws both parts.
    ///
    ///     status.render(in: header, on: canvas)
    /// The row is kept from the last frame when the line and its place are the same.
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        canvas.drawRow(area.row, identity: RowIdentity(self, area.column, area.columns)) { draw(in: area, on: canvas) }
    }

    private func draw(in area: Rect, on canvas: any Canvas) {
        let row = area.row
        let rightWidth = DisplayText.width(right)
        let leftWidth = DisplayText.width(left)
        // Each cell is written once: the parts, then the blanks between and after them (a
        // status line is redrawn every frame; writing the row blank first doubles its cost).
        var drawnTo = area.column
        if rightWidth == 0 {
            drawnTo += canvas.put(left, row: row, column: area.column, style: style, width: area.columns)
        } else if rightWidth + gap + min(leftWidth, 1) <= area.columns {
            let rightColumn = area.column + area.columns - rightWidth
            drawnTo += canvas.put(left, row: row, column: area.column, style: style,
                                  width: max(rightColumn - area.column - gap, 0))
            fillBlank(row: row, from: drawnTo, to: rightColumn, on: canvas)
            drawnTo = rightColumn + canvas.put(right, row: row, column: rightColumn, style: style, width: rightWidth)
        } else {
            drawnTo += canvas.put(right, row: row, column: area.column, style: style, width: area.columns)
        }
        fillBlank(row: row, from: drawnTo, to: area.column + area.columns, on: canvas)
    }

    private func fillBlank(row: Int, from start: Int, to end: Int, on canvas: any Canvas) {
        if end > start { canvas.fill(Rect(row: row, column: start, rows: 1, columns: end - start), with: " ", style: style) }
    }
}

/// Where the selection is among the items: "187 / 5,000", or "187 / 250+" while more may come.
///
///     PositionText(187, of: 250, isTotalKnown: false).text   // "187 / 250+"
public struct PositionText: Hashable, Sendable {
    /// The 1-based position shown.
    public var position: Int
    /// How many items there are (loaded, when not known).
    public var total: Int
    /// Whether `total` is final; if not, the text ends with "+".
    public var isTotalKnown: Bool

    /// The position `position` (1-based) of `total`.
    ///
    ///     PositionText(1, of: 1_200)
    public init(_ position: Int, of total: Int, isTotalKnown: Bool = true) {
        self.position = position
        self.total = total
        self.isTotalKnown = isTotalKnown
    }

    /// "187 / 5,000" or "187 / 250+".
    ///
    ///     canvas.put(PositionText(3, of: 10).text, row: 0, column: 70)
    public var text: String {
        "\(CountText.grouped(position)) / \(CountText.grouped(total))\(isTotalKnown ? "" : "+")"
    }
}
