// Selection and scrolling: the selection stays on a loaded item, and the scroll offset keeps it
// on screen without leaving empty rows below the last item when there are enough to fill them.
// A move past the loaded items while more exist waits as `pendingMove` and goes on as pages
// arrive; a page arriving otherwise moves nothing.
extension ListState {
    mutating func moveSelection(_ move: SelectionMove) {
        // The list behind an open detail does not move.
        guard detail == nil else { return }
        let page = max(1, viewportRows)
        let halfPage = max(1, viewportRows / 2)
        let row = selection - scrollOffset
        // Moves down add up while they wait for a page; moves up start from what is on screen.
        let from = pendingMove.map { $0.target == .max || $0.target == .min ? selection : $0.target } ?? selection
        switch move {
        case .up: go(to: selection - 1, row: nil)
        case .down: go(to: from + 1, row: nil)
        case .home: go(to: hasEarlier ? .min : 0, row: nil)
        case .end: go(to: .max, row: nil)
        case .pageUp: go(to: selection - page, row: row)
        case .pageDown: go(to: from + page, row: pendingMove?.row ?? row)
        case .halfPageUp: go(to: selection - halfPage, row: row)
        case .halfPageDown: go(to: from + halfPage, row: pendingMove?.row ?? row)
        case .by(let count): go(to: (count > 0 ? from : selection) + count, row: nil)
        case .to(let index): go(to: index, row: nil)
        }
    }

    /// Selects `target` on screen row `row` (nil: scroll as little as needed). Past the loaded
    /// items while more exist (after them, or before them in a list entered from its end), the
    /// selection goes as far as it can and the move waits.
    mutating func go(to target: Int, row: Int?) {
        let last = items.count - 1
        if target > last, hasMore {
            pendingMove = PendingMove(target: target, row: row)
        } else if target < 0, hasEarlier {
            pendingMove = PendingMove(target: target, row: row)
        } else {
            pendingMove = nil
        }
        guard !items.isEmpty else { return }
        let index = min(max(0, target), last)
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

    private mutating func select(_ index: Int) {
        selection = min(max(0, index), max(0, items.count - 1))
        keepSelectionVisible()
    }

    mutating func keepSelectionVisible() {
        let rows = max(1, viewportRows)
        if selection < scrollOffset {
            scrollOffset = selection
        } else if selection >= scrollOffset + rows {
            scrollOffset = selection - rows + 1
        }
        scrollOffset = max(0, min(scrollOffset, items.count - rows))
    }
}
