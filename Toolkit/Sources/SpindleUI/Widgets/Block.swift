import Terminal

/// A border around an area, with a title on its top edge: the frame of a pane or an overlay.
/// Drawing it clears the whole area first, so it can stand over other content (a help box);
/// the widget inside then draws into `inner(area)`.
///
///     let block = Block(title: "Details", border: .rounded)
///     block.render(in: pane, on: canvas)
///     details.render(in: block.inner(pane), on: canvas)
public struct Block: Hashable, Sendable {
    /// The characters of a border.
    ///
    ///     Block(border: .double)
    public enum Border: Hashable, Sendable {
        /// ┌─┐│└┘
        case plain
        /// ╭─╮│╰╯
        case rounded
        /// ╔═╗║╚╝
        case double
        /// ┏━┓┃┗┛
        case thick
        /// +-+|++
        case ascii
        /// No lines: the sides take no room (a title still takes the top row).
        case none
    }

    /// Which sides of the border are drawn.
    ///
    ///     Block(sides: [.top, .bottom])
    public struct Sides: OptionSet, Hashable, Sendable {
        /// One bit per side.
        public let rawValue: UInt8
        /// The sides in `rawValue` (the named sides are clearer).
        ///
        ///     Block.Sides(rawValue: 0b0011)   // [.top, .bottom]
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The top edge (the title's row).
        public static let top = Sides(rawValue: 1 << 0)
        /// The bottom edge.
        public static let bottom = Sides(rawValue: 1 << 1)
        /// The left edge.
        public static let left = Sides(rawValue: 1 << 2)
        /// The right edge.
        public static let right = Sides(rawValue: 1 << 3)
        /// Every side.
        public static let all: Sides = [.top, .bottom, .left, .right]
    }

    /// The text on the top edge; empty for none.
    public var title: String
    /// Where the title sits between the corners.
    public var titleAlignment: TextAlignment
    /// The border's characters.
    public var border: Border
    /// The sides drawn.
    public var sides: Sides
    /// Blank rows kept inside the border at top and bottom, and columns at left and right.
    public var padding: Size
    /// How the border and the title look.
    public var styles: BlockStyles

    /// A block.
    ///
    ///     Block(title: "Queue", titleAlignment: .center, border: .double, padding: Size(rows: 0, columns: 1))
    public init(title: String = "", titleAlignment: TextAlignment = .leading, border: Border = .plain,
                sides: Sides = .all, padding: Size = Size(rows: 0, columns: 0), styles: BlockStyles = BlockStyles()) {
        self.title = title
        self.titleAlignment = titleAlignment
        self.border = border
        self.sides = sides
        self.padding = padding
        self.styles = styles
    }

    /// The drawn sides: none for a `.none` border.
    private var lines: Sides { border == .none ? [] : sides }

    /// Rows and columns the border (and a title without a top edge) takes on each side, or nil
    /// when the area is too small for it.
    private func edges(of area: Rect) -> (top: Int, bottom: Int, left: Int, right: Int)? {
        let lines = lines
        let top = lines.contains(.top) || !title.isEmpty ? 1 : 0
        let bottom = lines.contains(.bottom) ? 1 : 0
        let left = lines.contains(.left) ? 1 : 0
        let right = lines.contains(.right) ? 1 : 0
        guard area.rows >= top + bottom, area.columns >= left + right else { return nil }
        return (top, bottom, left, right)
    }

    /// The area inside the border and the padding: where the content is drawn (empty when
    /// there is no room).
    ///
    ///     list.render(in: Block(title: "Films").inner(area), on: canvas)
    public func inner(_ area: Rect) -> Rect {
        guard let edges = edges(of: area) else {
            return Rect(row: area.row, column: area.column, rows: 0, columns: 0)
        }
        let rowsInset = edges.top + edges.bottom + 2 * max(padding.rows, 0)
        let columnsInset = edges.left + edges.right + 2 * max(padding.columns, 0)
        return Rect(row: area.row + edges.top + max(padding.rows, 0), column: area.column + edges.left + max(padding.columns, 0),
                    rows: max(area.rows - rowsInset, 0), columns: max(area.columns - columnsInset, 0))
    }

    /// Clears `area` to blank cells, then draws the border and the title on its edges. When the
    /// area is too small for the sides drawn (under 2x2 for all of them), it is only cleared.
    ///
    ///     Block(title: "Help").render(in: box, on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        canvas.fill(area, with: " ", style: .plain)
        guard let edges = edges(of: area) else { return }
        let glyphs = glyphs
        let lines = lines
        let right = area.column + area.columns - 1, bottom = area.row + area.rows - 1
        let style = styles.border
        func put(_ glyph: Character, _ rect: Rect) {
            if !rect.isEmpty { canvas.fill(rect, with: glyph, style: style) }
        }
        if lines.contains(.top) { put(glyphs.horizontal, area.singleRow(0)) }
        if lines.contains(.bottom) { put(glyphs.horizontal, area.singleRow(area.rows - 1)) }
        let sideRows = Rect(row: area.row + edges.top, column: area.column, rows: area.rows - edges.top - edges.bottom, columns: 1)
        if lines.contains(.left) { put(glyphs.vertical, sideRows) }
        if lines.contains(.right) { put(glyphs.vertical, sideRows.offsetBy(rows: 0, columns: area.columns - 1)) }
        if lines.isSuperset(of: [.top, .left]) { put(glyphs.topLeft, Rect(row: area.row, column: area.column, rows: 1, columns: 1)) }
        if lines.isSuperset(of: [.top, .right]) { put(glyphs.topRight, Rect(row: area.row, column: right, rows: 1, columns: 1)) }
        if lines.isSuperset(of: [.bottom, .left]) { put(glyphs.bottomLeft, Rect(row: bottom, column: area.column, rows: 1, columns: 1)) }
        if lines.isSuperset(of: [.bottom, .right]) { put(glyphs.bottomRight, Rect(row: bottom, column: right, rows: 1, columns: 1)) }
        if !title.isEmpty {
            let start = area.column + edges.left, available = area.columns - edges.left - edges.right
            guard available > 0 else { return }
            let text = DisplayText.truncated(title, toWidth: available)
            let offset = titleAlignment.offset(width: DisplayText.width(text), in: available)
            canvas.put(text, row: area.row, column: start + offset, style: styles.title, width: available - offset)
        }
    }

    private var glyphs: (horizontal: Character, vertical: Character,
                         topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character) {
        switch border {
        case .plain, .none: return ("─", "│", "┌", "┐", "└", "┘")
        case .rounded: return ("─", "│", "╭", "╮", "╰", "╯")
        case .double: return ("═", "║", "╔", "╗", "╚", "╝")
        case .thick: return ("━", "┃", "┏", "┓", "┗", "┛")
        case .ascii: return ("-", "|", "+", "+", "+", "+")
        }
    }
}

/// How a `Block` looks.
///
///     BlockStyles(border: .dim, title: Style(.bold, foreground: .cyan))
public struct BlockStyles: Hashable, Sendable {
    /// The border's lines.
    public var border: Style
    /// The title.
    public var title: Style

    /// The defaults (plain lines, a bold title), or your own.
    ///
    ///     BlockStyles(border: .dim)
    public init(border: Style = .plain, title: Style = .bold) {
        self.border = border
        self.title = title
    }
}
