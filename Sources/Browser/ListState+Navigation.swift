// Selection and scrolling: the selection stays on a loaded item, and the scroll offset keeps it
// on screen without leaving empty rows below the last item when there are enough to fill them.
extension ListState {
    mutating func moveSelection(_ move: SelectionMove) {
        // The list behind an open detail does not move.
        guard !items.isEmpty, detail == nil else { return }
        let page = max(1, viewportRows)
        switch move {
        case .up: select(selection - 1)
        case .down: select(selection + 1)
        case .home: select(0)
        case .end: select(items.count - 1)
        case .pageUp:
            // Scroll with the selection, so it keeps its place on screen.
            scrollOffset -= page
            select(selection - page)
        case .pageDown:
            scrollOffset += page
            select(selection + page)
        }
    }

    mutating func resizeViewport(rows: Int) {
        viewportRows = max(0, rows)
        keepSelectionVisible()
    }

    private mutating func select(_ index: Int) {
        selection = min(max(0, index), max(0, items.count - 1))
        keepSelectionVisible()
    }

    private mutating func keepSelectionVisible() {
        let rows = max(1, viewportRows)
        if selection < scrollOffset {
            scrollOffset = selection
        } else if selection >= scrollOffset + rows {
            scrollOffset = selection - rows + 1
        }
        scrollOffset = max(0, min(scrollOffset, items.count - rows))
    }
}
