import Terminal

/// Rows of cells under a heading row, each cell drawn where its column starts.
///
/// Nothing is padded: a cell puts its own text cut to its column (right-aligned cells measure
/// theirs), so the gaps keep whatever is under them, the blank or a selected row's highlight.
/// Lay the columns out once per frame, then draw each row.
///
///     let table = Table(columns: [title, year, length])
///     let layout = table.layout(width: area.columns)
///     table.renderHeading(in: area.singleRow(0), layout: layout, on: canvas)
///     table.renderCell(movie.title, column: 0, in: rowRect, layout: layout, style: .plain, on: canvas)
public struct Table: Hashable, Sendable {
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// Columns before the first column.
    public var margin: Int
    /// Columns between two columns.
    public var spacing: Int
    /// How the table looks.
    public var styles: TableStyles

    /// A table of `columns`.
    ///
    ///     Table(columns: [TableColumn("Name", width: .flexible(min: 4, max: 40))])
    public init(columns: [TableColumn], margin: Int = 1, spacing: Int = 2, styles: TableStyles = TableStyles()) {
        self.columns = columns
        self.margin = margin
        self.spacing = spacing
        self.styles = styles
    }

    /// The columns' widths and starts at `width`.
    ///
    ///     let layout = table.layout(width: 80)
    public func layout(width: Int) -> TableLayout {
        TableLayout(columns: columns, width: width, margin: margin, spacing: spacing)
    }

    /// Draws the column titles in `area`'s first row, in the heading style from the first
    /// column to the last (gaps included).
    ///
    ///     table.renderHeading(in: header, layout: layout, on: canvas)
    public func renderHeading(in area: Rect, layout: TableLayout, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        // The same every frame but after a resize: kept, not drawn again.
        canvas.drawRow(area.row, identity: RowIdentity(self, layout, area.column, area.columns)) {
            drawHeading(in: area, layout: layout, on: canvas)
        }
    }

    private func drawHeading(in area: Rect, layout: TableLayout, on canvas: any Canvas) {
        canvas.fill(Rect(row: area.row, column: area.column, rows: 1, columns: min(layout.usedWidth, area.columns)),
                     with: " ", style: styles.heading)
        for index in columns.indices {
            renderCell(columns[index].title, column: index, in: area, layout: layout, style: styles.heading, on: canvas)
        }
    }

    /// Draws `text` in column `index` of the row `area.row`, cut to the column (and to `area`).
    ///
    ///     table.renderCell("1999", column: 1, in: rowRect, layout: layout, style: row.style, on: canvas)
    @inlinable
    public func renderCell(_ text: some StringProtocol, column index: Int, in area: Rect, layout: TableLayout,
                           style: Style, on canvas: any Canvas) {
        let width = layout.widths[index]
        let start = layout.starts[index]
        guard width > 0, start < area.columns, area.rows > 0 else { return }
        let room = min(width, area.columns - start)
        switch columns[index].alignment {
        case .leading:
            canvas.put(text, row: area.row, column: area.column + start, style: style, width: room)
        case .trailing:
            let textWidth = DisplayText.width(text)
            if textWidth <= width {
                let column = start + width - textWidth
                guard column < area.columns else { return }
                canvas.put(text, row: area.row, column: area.column + column, style: style, width: area.columns - column)
            } else {
                canvas.put(text, row: area.row, column: area.column + start, style: style, width: room)
            }
        }
    }
}

/// How a `Table` looks.
///
///     Table(columns: columns, styles: TableStyles(heading: .bold))
public struct TableStyles: Hashable, Sendable {
    /// The heading row, from the first column to the last.
    public var heading: Style

    /// The default (dim headings), or your own.
    ///
    ///     TableStyles(heading: Style(.bold, foreground: .cyan))
    public init(heading: Style = .dim) {
        self.heading = heading
    }
}
