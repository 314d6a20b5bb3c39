import Terminal

/// A scrolling list: the visible items of a collection, each row drawn by your closure, the
/// selected row highlighted across the area, and an optional scrollbar in the last column.
///
/// Only the rows on screen are visited. The row closure draws into the row's rectangle on the
/// canvas (the highlight is already there; draw with `row.style` to keep it).
///
/// The items are indexed by their position in the list, and need not hold all of it: a list
/// that loads a window of a long one passes the window (its `startIndex` past 0, its `endIndex`
/// where the loaded ones end) or just the visible part of it, and a viewport counting the whole
/// list, for the scrollbar. Only positions in `items.indices` are read: rows outside them stay
/// empty.
///
///     ListView(items: titles, viewport: state.viewport, hasMore: state.hasMore)
///         .render(in: body, on: canvas) { row, canvas in
///             canvas.put(row.item.title, row: row.rect.row, column: row.rect.column + 1, style: row.style, width: row.rect.columns - 1)
///         }
public struct ListView<Items: RandomAccessCollection> where Items.Index == Int {
    /// The items, indexed by position in the list: all of them, or any part that holds the
    /// visible ones; only the visible ones are read.
    public var items: Items
    /// The selection, the first row's item and how many items the list has (the scrollbar's count).
    public var viewport: ListViewport
    /// Whether more items exist than are loaded (the scrollbar then shows a "more" mark).
    public var hasMore: Bool
    /// Whether the last column is a scrollbar (drawn only when the items do not all fit).
    public var showsScrollbar: Bool
    /// How the list looks.
    public var styles: ListStyles

    /// A list of `items` scrolled as `viewport` says (its count is the list's: `items.count`,
    /// unless `items` holds only a part of the list).
    ///
    ///     let list = ListView(items: ["a", "b"], viewport: ListViewport(count: 2, height: 5))
    public init(items: Items, viewport: ListViewport, hasMore: Bool = false, showsScrollbar: Bool = true,
                styles: ListStyles = ListStyles()) {
        self.items = items
        self.viewport = viewport
        self.hasMore = hasMore
        self.showsScrollbar = showsScrollbar
        self.styles = styles
    }

    /// Whether a scrollbar takes the last column of `area`.
    ///
    ///     list.hasScrollbar(in: area)
    @inlinable
    public func hasScrollbar(in area: Rect) -> Bool {
        showsScrollbar && area.columns > 1 && (viewport.count > area.rows || hasMore)
    }

    /// Draws the visible rows in `area` (one item per row, from the viewport's offset) and the
    /// scrollbar. Returns the rows drawn.
    ///
    ///     list.render(in: area, on: canvas) { row, canvas in canvas.put(row.item, row: row.rect.row, column: row.rect.column, style: row.style, width: row.rect.columns) }
    @inlinable @discardableResult
    public func render(in area: Rect, on canvas: any Canvas, row drawRow: (ListRow<Items.Element>, any Canvas) -> Void) -> Int {
        guard !area.isEmpty else { return 0 }
        let scrollbar = hasScrollbar(in: area)
        let rowColumns = scrollbar ? area.columns - 1 : area.columns
        let (start, end) = drawnRange(rows: area.rows)
        var row = area.row
        for index in start..<end {
            let isSelected = index == viewport.selection
            let rect = Rect(row: row, column: area.column, rows: 1, columns: rowColumns)
            if isSelected {
                canvas.fill(rect, with: " ", style: styles.selected)
            }
            drawRow(ListRow(item: items[index], index: index, isSelected: isSelected, rect: rect,
                            style: isSelected ? styles.selected : styles.normal), canvas)
            row += 1
        }
        if scrollbar {
            Scrollbar(offset: start, visible: area.rows, count: viewport.count, hasMore: hasMore, styles: styles)
                .render(in: Rect(row: area.row, column: area.column + rowColumns, rows: area.rows, columns: 1), on: canvas)
        }
        return end - start
    }
}

extension ListView {
    /// Draws the visible rows like `render(in:on:row:)`, but keeps each row the screen shows
    /// already: a row whose `identity` (with its selection and width) is the one
    /// it showed last frame is not drawn again, and rows a scroll moved are moved, not drawn. A
    /// Down key then draws two rows, not the whole list. `identity` must cover everything the
    /// row closure reads besides the `ListRow`'s own fields (see `Canvas.drawRow`).
    ///
    ///     list.render(in: body, on: canvas, identity: { $0.item }) { row, canvas in
    ///         canvas.put(row.item.name, row: row.rect.row, column: row.rect.column, style: row.style, width: row.rect.columns)
    ///     }
    @inlinable @discardableResult
    public func render<Identity: Hashable>(in area: Rect, on canvas: any Canvas,
                                           identity rowIdentity: (ListRow<Items.Element>) -> Identity,
                                           row drawRow: (ListRow<Items.Element>, any Canvas) -> Void) -> Int {
        guard !area.isEmpty else { return 0 }
        let scrollbar = hasScrollbar(in: area)
        let rowColumns = scrollbar ? area.columns - 1 : area.columns
        let (start, end) = drawnRange(rows: area.rows)
        let bar = scrollbar ? Scrollbar(offset: start, visible: area.rows, count: viewport.count, hasMore: hasMore, styles: styles)
            .cells(height: area.rows) : []
        // First every row's identity (for the scroll), then only the rows that need it are drawn.
        var identities: [RowIdentity] = []
        identities.reserveCapacity(end - start)
        // What every row's identity shares: the looks and where the rows lie, hashed once.
        var common = Hasher()
        common.combine(styles)
        common.combine(area.column)
        common.combine(area.columns)
        for index in start..<end {
            var hasher = common
            hasher.combine(rowIdentity(listRow(index, start: start, in: area, columns: rowColumns)))
            hasher.combine(index == viewport.selection)
            identities.append(RowIdentity(finalizing: hasher))
        }
        canvas.shiftRows(area.row..<(area.row + identities.count), toShow: identities)
        let barColumn = area.column + rowColumns
        // The bar's cells come in runs (track, thumb, track, "more"): one identity per run.
        var edges: [RowIdentity] = []
        if scrollbar {
            edges.reserveCapacity(bar.count)
            for (position, cell) in bar.enumerated() {
                edges.append(position > 0 && bar[position - 1] == cell ? edges[position - 1] : RowIdentity(cell))
            }
        }
        for position in identities.indices {
            let screenRow = area.row + position
            // The scrollbar's cell is the row's edge: a moving thumb redraws the cell, not the row.
            let edge = scrollbar ? RowEdge(columns: barColumn..<(barColumn + 1), identity: edges[position]) : nil
            canvas.drawRow(screenRow, identity: identities[position], edge: edge, content: {
                let row = listRow(start + position, start: start, in: area, columns: rowColumns)
                if row.isSelected { canvas.fill(row.rect, with: " ", style: styles.selected) }
                drawRow(row, canvas)
            }, edgeContent: {
                if scrollbar {
                    canvas.fill(Rect(row: screenRow, column: barColumn, rows: 1, columns: 1),
                                with: bar[position].glyph, style: bar[position].style)
                }
            })
        }
        // Below the last item: only the scrollbar's cells.
        for position in identities.count..<(scrollbar ? area.rows : identities.count) {
            canvas.fill(Rect(row: area.row + position, column: area.column + rowColumns, rows: 1, columns: 1),
                        with: bar[position].glyph, style: bar[position].style)
        }
        return end - start
    }

    /// The positions drawn on `rows` rows: from the viewport's offset, within the items held.
    @inlinable
    func drawnRange(rows: Int) -> (start: Int, end: Int) {
        let start = min(max(viewport.offset, items.startIndex), items.endIndex)
        return (start, min(items.endIndex, start + max(rows, 0)))
    }

    /// The row of the item at `index`, the first visible one being `start`.
    @inlinable
    func listRow(_ index: Int, start: Int, in area: Rect, columns: Int) -> ListRow<Items.Element> {
        let isSelected = index == viewport.selection
        return ListRow(item: items[index], index: index, isSelected: isSelected,
                       rect: Rect(row: area.row + index - start, column: area.column, rows: 1, columns: columns),
                       style: isSelected ? styles.selected : styles.normal)
    }
}

/// One row of a `ListView`, as its row closure gets it.
///
///     { row, canvas in canvas.put(row.item.name, row: row.rect.row, column: row.rect.column, style: row.style) }
public struct ListRow<Item> {
    /// The item on this row.
    public var item: Item
    /// The item's index in the list.
    public var index: Int
    /// Whether this is the selected row.
    public var isSelected: Bool
    /// Where the row lies on the canvas (one row high, the list's width less the scrollbar).
    public var rect: Rect
    /// The style to draw the row's text in: selected or normal.
    public var style: Style

    /// A row (the list makes these; tests may too).
    ///
    ///     ListRow(item: "a", index: 0, isSelected: true, rect: Rect(row: 0, column: 0, rows: 1, columns: 10), style: .reverse)
    @inlinable
    public init(item: Item, index: Int, isSelected: Bool, rect: Rect, style: Style) {
        self.item = item
        self.index = index
        self.isSelected = isSelected
        self.rect = rect
        self.style = style
    }
}
