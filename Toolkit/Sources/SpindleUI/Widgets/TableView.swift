import Terminal

/// A table with a selection: the heading row, one row of cells per item, the selected row
/// highlighted, and a scrollbar in the last column when the items do not all fit. The columns
/// are laid out at the width left after the scrollbar.
///
/// The rows shown are worked out at draw time from the area: the selection is always on screen
/// and no rows are left blank below the last item, whatever `viewport.height` the state holds.
/// The state keeps only the selection (and the count); the reducer stays pure and needs no
/// height kept in sync with the layout.
///
/// Where it scrolls from: the state's offset alone is not enough. A state that never sets a
/// height has its offset on the selection (a viewport of height 0 scrolls to show one row), so
/// a table fitted from it would keep the selected row at the top: moving up after scrolling down
/// would drag the whole list with the selection. A table drawn with an `id` therefore starts
/// from the offset it drew last frame, which the screen keeps in its `ScrollMemory` (reached
/// through the canvas, areas included), and scrolls as little as the selection needs. That
/// memory is drawing's, not the state's: the reducer stays pure and the state never depends on
/// a frame; a table not drawn for a frame is forgotten (coming back, it scrolls from the state's
/// offset). A viewport whose `height` is the body's rows (a state that keeps it) scrolls from its
/// own offset, memory or not, so `pageDown` keeps the selected row in place. Without an `id`,
/// the table always scrolls from the state's offset.
///
/// Page Up and Page Down move by the viewport's `height`. An app that keeps no height in sync
/// sets it from the terminal size in the reducer (a pure function: the resize event carries the
/// size, `Table.bodyRows(in:)` of the area the layout gives for it), or sets it just before
/// the move: `viewport.height = Layout.tableRows(size); viewport.pageDown()`.
///
///     TableView(table: table, items: downloads, viewport: state.selection, id: "downloads") { download in
///         [TableCell(download.title), TableCell(download.state, style: download.failed ? errorStyle : nil)]
///     }.render(in: body, on: canvas)
public struct TableView<Items: RandomAccessCollection> where Items.Index == Int {
    /// The columns, their headings and how they are laid out.
    public var table: Table
    /// The items, indexed by position in the list (see `ListView.items`).
    public var items: Items
    /// The selection and the count; its offset and height are where drawing starts from.
    public var viewport: ListViewport
    /// Whether more items exist than are loaded (the scrollbar then shows a "more" mark).
    public var hasMore: Bool
    /// Whether the last column is a scrollbar (drawn only when the items do not all fit).
    public var showsScrollbar: Bool
    /// How the rows, the highlight and the scrollbar look.
    public var styles: ListStyles
    /// The table's name in the screen's `ScrollMemory` (nil: it scrolls from `viewport.offset`).
    public var id: AnyHashable?
    /// The cells of an item's row, one per column (missing ones are blank, extra ones ignored).
    public var cells: (Items.Element) -> [TableCell]

    /// A table of `items`, each row's cells made by `cells`.
    ///
    ///     TableView(table: table, items: ["a", "b"], viewport: ListViewport(count: 2)) { [TableCell($0)] }
    public init(table: Table, items: Items, viewport: ListViewport, id: AnyHashable? = nil,
                hasMore: Bool = false, showsScrollbar: Bool = true, styles: ListStyles = ListStyles(),
                cells: @escaping (Items.Element) -> [TableCell]) {
        self.table = table
        self.items = items
        self.viewport = viewport
        self.id = id
        self.hasMore = hasMore
        self.showsScrollbar = showsScrollbar
        self.styles = styles
        self.cells = cells
    }

    /// The viewport drawn in a body of `rows` rows on `canvas`: scrolled from the offset drawn
    /// last frame (or the state's), as little as the selection needs.
    ///
    ///     table.drawnViewport(rows: 20, on: canvas).offset
    public func drawnViewport(rows: Int, on canvas: any Canvas) -> ListViewport {
        if viewport.height != rows, let id, let last = canvas.scrollMemory?.offset(for: id) {
            return viewport.fitted(rows: rows, from: last)
        }
        return viewport.fitted(rows: rows)
    }

    /// Draws the heading, the visible rows and the scrollbar in `area`. Returns the viewport
    /// drawn (its offset is the first row's item).
    ///
    ///     tableView.render(in: body, on: canvas)
    @discardableResult
    public func render(in area: Rect, on canvas: any Canvas) -> ListViewport {
        let (drawn, frame) = prepare(in: area, on: canvas)
        if let frame {
            frame.list.render(in: frame.body, on: canvas) { row, canvas in draw(row, layout: frame.layout, on: canvas) }
        }
        return drawn
    }

    /// Draws like `render(in:on:)`, but keeps the rows the screen shows already (see
    /// `ListView.render(in:on:identity:row:)`): `identity` must cover everything the item's
    /// cells show, custom cells included.
    ///
    ///     tableView.render(in: body, on: canvas, identity: { $0 })
    @discardableResult
    public func render<Identity: Hashable>(in area: Rect, on canvas: any Canvas,
                                           identity: (Items.Element) -> Identity) -> ListViewport {
        let (drawn, frame) = prepare(in: area, on: canvas)
        if let frame {
            let tableIdentity = RowIdentity(table, frame.layout)
            frame.list.render(in: frame.body, on: canvas,
                              identity: { TableRowIdentity(table: tableIdentity, item: identity($0.item)) }) { row, canvas in
                draw(row, layout: frame.layout, on: canvas)
            }
        }
        return drawn
    }

    /// What a frame of the table draws: the list of rows, the body and the columns' layout.
    private struct Frame {
        var list: ListView<Items>
        var body: Rect
        var layout: TableLayout
    }

    /// Works the viewport out, remembers it, draws the heading, and returns what the rows need
    /// (nil when no row shows).
    private func prepare(in area: Rect, on canvas: any Canvas) -> (ListViewport, Frame?) {
        let drawn = drawnViewport(rows: Table.bodyRows(in: area), on: canvas)
        guard !area.isEmpty else { return (drawn, nil) }
        if let id { canvas.scrollMemory?.setOffset(drawn.offset, for: id) }
        let (heading, body) = area.splitTop(rows: 1)
        let list = ListView(items: items, viewport: drawn, hasMore: hasMore, showsScrollbar: showsScrollbar, styles: styles)
        let width = list.hasScrollbar(in: body) ? body.columns - 1 : body.columns
        let layout = table.layout(width: width)
        table.renderHeading(in: Rect(row: heading.row, column: heading.column, rows: 1, columns: width),
                            layout: layout, on: canvas)
        guard !body.isEmpty else { return (drawn, nil) }
        return (drawn, Frame(list: list, body: body, layout: layout))
    }

    private func draw(_ row: ListRow<Items.Element>, layout: TableLayout, on canvas: any Canvas) {
        renderCells(cells(row.item), in: row.rect, layout: layout, rowStyle: row.style, isSelected: row.isSelected, on: canvas)
    }

    /// Draws one row's cells, each in its column.
    private func renderCells(_ cells: [TableCell], in rect: Rect, layout: TableLayout, rowStyle: Style, isSelected: Bool,
                             on canvas: any Canvas) {
        for index in table.columns.indices where index < cells.count && layout.shows(index) {
            let cell = cells[index]
            let style = cell.style(onRow: rowStyle, isSelected: isSelected)
            if let draw = cell.draw {
                let start = layout.starts[index]
                guard start < rect.columns else { continue }
                let cellRect = Rect(row: rect.row, column: rect.column + start, rows: 1,
                                    columns: min(layout.widths[index], rect.columns - start))
                draw(cellRect, style, canvas)
            } else {
                table.renderCell(cell.text, column: index, in: rect, layout: layout, style: style, on: canvas)
            }
        }
    }
}

extension Table {
    /// The rows that show items when the table, its heading included, is drawn in `area` (all
    /// but the heading): a `TableView`'s page for Page Up and Down.
    ///
    ///     viewport.height = Table.bodyRows(in: Layout.downloadsTable(size))
    public static func bodyRows(in area: Rect) -> Int {
        max(area.rows - 1, 0)
    }
}

/// A table row's identity: the table's looks and layout, and the app's identity of the item.
struct TableRowIdentity<Item: Hashable>: Hashable {
    let table: RowIdentity
    let item: Item
}

/// One cell of a `TableView` row: text in its column (aligned as the column says), or drawn
/// by a closure (a progress bar).
///
///     TableCell("✗ failed", style: Style(foreground: .red))
public struct TableCell {
    /// The text shown (cut to the column); unused by a drawn cell.
    public var text: String
    /// The cell's style on an unselected row (nil: the row's). On the selected row, its
    /// attributes and its foreground (when not the default) are laid over the highlight.
    public var style: Style?
    /// Draws the cell in its rectangle, given the style of its row; nil for a text cell.
    public var draw: ((_ rect: Rect, _ style: Style, _ canvas: any Canvas) -> Void)?

    /// A text cell.
    ///
    ///     TableCell("1999")
    public init(_ text: String, style: Style? = nil) {
        self.text = text
        self.style = style
        self.draw = nil
    }

    /// A cell drawn by `draw` in its rectangle (one row, the column's width), given the row's
    /// style (the highlight on the selected row). It must draw only inside the rectangle.
    ///
    ///     TableCell.drawn { rect, style, canvas in ProgressBar(fraction: 0.4).render(in: rect, on: canvas) }
    public static func drawn(_ draw: @escaping (_ rect: Rect, _ style: Style, _ canvas: any Canvas) -> Void) -> TableCell {
        var cell = TableCell("")
        cell.draw = draw
        return cell
    }

    /// The style the cell is drawn in on a row drawn in `rowStyle`.
    func style(onRow rowStyle: Style, isSelected: Bool) -> Style {
        guard let style else { return rowStyle }
        guard isSelected else { return style }
        var merged = rowStyle
        merged.attributes.formUnion(style.attributes)
        if style.foreground != .default { merged.foreground = style.foreground }
        return merged
    }
}

extension TableCell: ExpressibleByStringLiteral {
    /// A text cell written as a literal.
    ///
    ///     let cells: [TableCell] = ["Title", "1999"]
    public init(stringLiteral text: String) {
        self.init(text)
    }
}
