// Selection and scrolling: the selection stays on a loaded item, and the scroll offset keeps it
// on screen without leaving empty rows below the last item when there are enough to fill them.
// In a grid (`columns` above 1) a row holds `columns` items, counted from the start of the whole
// list (`firstIndex`), so a title keeps its column as earlier pages arrive; the scroll offset is
// the first item of a row, and a page is a screen of rows.
// A move past the loaded items while more exist waits as `pendingMove` and goes on as pages
// arrive, gathering the moves made its way meanwhile; a page arriving otherwise moves nothing.
extension ListState {
    mutating func moveSelection(_ move: SelectionMove) {
        // The list behind an open detail does not move.
        guard detail == nil else { return }
        let page = max(1, viewportRows) * columns
        let halfPage = max(1, viewportRows / 2) * columns
        // Where the selection is on screen, in items: its row and, in a grid, its column.
        let row = selection - scrollOffset
        // Moves made while a move waits for a page add up with it when they go its way (down
        // past the loaded titles, or up before them); a move the other way starts from what is
        // on screen, and so cancels it.
        let waiting = pendingMove.flatMap { $0.target == .max || $0.target == .min ? nil : $0 }
        let below = waiting.flatMap { $0.target > selection ? $0 : nil }
        let above = waiting.flatMap { $0.target < selection ? $0 : nil }
        let down = below?.target ?? selection
        let up = above?.target ?? selection
        switch move {
        case .up: go(to: up - columns, row: nil)
        case .down: go(to: down + columns, row: nil)
        case .left: go(to: up - 1, row: nil)
        case .right: go(to: down + 1, row: nil)
        case .home: go(to: hasEarlier ? .min : 0, row: nil)
        case .end: go(to: .max, row: nil)
        case .pageUp: go(to: up - page, row: above?.row ?? row)
        case .pageDown: go(to: down + page, row: below?.row ?? row)
        case .halfPageUp: go(to: up - halfPage, row: above?.row ?? row)
        case .halfPageDown: go(to: down + halfPage, row: below?.row ?? row)
        case .by(let count): go(to: (count > 0 ? down : up) + count, row: nil)
        // A click's row: never before the loaded titles (no earlier page is waited for).
        case .to(let index): go(to: max(index, 0), row: nil)
        }
    }

    /// Selects `target` on screen row `row` (nil: scroll as little as needed). Past the loaded
    /// items while more exist (after them, or before them in a list entered from its end), the
    /// selection goes as far as it can and the move waits; so it does past the titles a reload
    /// on its way reads again (`reloadRange`).
    mutating func go(to target: Int, row: Int?) {
        let range = reloadRange
        let first = range?.lowerBound ?? 0
        let last = range.map { $0.upperBound - 1 } ?? items.count - 1
        if target > last, hasMore || last < items.count - 1 {
            pendingMove = PendingMove(target: target, row: row)
        } else if target < first, hasEarlier || first > 0 {
            pendingMove = PendingMove(target: target, row: row)
        } else {
            pendingMove = nil
        }
        guard !items.isEmpty else { return }
        let index = min(max(first, target), last)
        if let row, pendingMove == nil {
            selection = index
            scrollOffset = index - row
        }
        select(index)
    }

    /// Moves on with a move that was waiting for the page that just arrived.
    mutating func continuePendingMove() {
        guard let pending = pendingMove else { return }
        go(to: pending.target, row: pending.row)
    }

    mutating func resizeViewport(rows: Int) {
        viewportRows = max(0, rows)
        keepSelectionVisible()
    }

    mutating func layOut(rows: Int, columns: Int) {
        viewportRows = max(0, rows)
        gridColumns = columns > 1 ? columns : nil
        keepSelectionVisible()
    }

    /// How many titles a row holds: 1 in a list, more in a grid.
    package var columns: Int { gridColumns ?? 1 }

    /// The row of the whole list (a grid's, counted from the list's start) that item `index` is on.
    package func gridRow(of index: Int) -> Int {
        (firstIndex + index) / columns
    }

    /// The column item `index` is in (always 0 in a list).
    package func gridColumn(of index: Int) -> Int {
        (firstIndex + index) % columns
    }

    private mutating func select(_ index: Int) {
        selection = min(max(0, index), max(0, items.count - 1))
        keepSelectionVisible()
    }

    /// Scrolls by whole rows so that the selection's row is on screen, the top row is the
    /// start of one, and no row is left empty below the last item while rows above could fill it.
    mutating func keepSelectionVisible() {
        let rows = max(1, viewportRows)
        let firstRow = gridRow(of: 0)
        let lastRow = gridRow(of: max(0, items.count - 1))
        let selected = gridRow(of: selection)
        var top = gridRow(of: max(0, scrollOffset))
        if selected < top {
            top = selected
        } else if selected >= top + rows {
            top = selected - rows + 1
        }
        top = max(firstRow, min(top, lastRow - rows + 1))
        scrollOffset = max(0, top * columns - firstIndex)
    }
}
