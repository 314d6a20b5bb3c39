/// Which item of a list is selected and which is on its first row: all a list needs to scroll,
/// given how many items there are and how many rows show them.
///
/// The selection always stays on an item and on screen, and the offset never leaves blank rows
/// below the last item when there are enough items to fill them. More items arriving (a new page)
/// never moves the selected row on screen. A domain state holds one of these, not the reverse.
///
///     var viewport = ListViewport(count: 500, height: 20)
///     viewport.moveDown()            // selection 1, offset 0
///     viewport.pageDown()            // selection 21, offset 20: the row keeps its place
///     viewport.count = 550           // a page arrived: nothing moves
public struct ListViewport: Hashable, Sendable {
    /// How many items there are (loaded so far).
    public var count: Int { didSet { count = max(count, 0); settle() } }
    /// How many rows show items.
    public var height: Int { didSet { height = max(height, 0); settle() } }
    /// The index of the selected item; 0 when the list is empty.
    public private(set) var selection: Int
    /// The index of the item on the first row.
    public private(set) var offset: Int

    /// A viewport at the top of `count` items shown on `height` rows.
    ///
    ///     ListViewport(count: 10, height: 5, selection: 7)   // offset 3
    public init(count: Int = 0, height: Int = 0, selection: Int = 0, offset: Int = 0) {
        self.count = max(count, 0)
        self.height = max(height, 0)
        self.selection = selection
        self.offset = offset
        select(selection)
    }

    /// The indices of the items on screen, top to bottom.
    ///
    ///     for index in viewport.visibleRange { draw(items[index]) }
    public var visibleRange: Range<Int> {
        let start = min(offset, count)
        return start..<min(count, start + height)
    }

    /// The selected item's row on screen, counted from the viewport's first row.
    ///
    ///     viewport.selectedRow   // 3
    public var selectedRow: Int { selection - offset }

    /// This viewport shown on `rows` rows: the same selection, the offset moved as little as
    /// needed to show it, and no blank rows below the last item while there are items above.
    /// What a widget that works its rows out at draw time shows, whatever `height` the state has.
    ///
    ///     viewport.fitted(rows: body.rows).offset
    public func fitted(rows: Int) -> ListViewport {
        fitted(rows: rows, from: offset)
    }

    /// This viewport shown on `rows` rows, scrolled from `offset` (the one drawn last frame)
    /// as little as needed to show the selection.
    ///
    ///     viewport.fitted(rows: 20, from: 40)
    public func fitted(rows: Int, from offset: Int) -> ListViewport {
        ListViewport(count: count, height: rows, selection: selection, offset: offset)
    }

    /// Selects the item above.
    ///
    ///     viewport.moveUp()
    public mutating func moveUp() { select(selection - 1) }

    /// Selects the item below.
    ///
    ///     viewport.moveDown()
    public mutating func moveDown() { select(selection + 1) }

    /// Moves a screen up; the list scrolls with the selection, which keeps its row.
    ///
    ///     viewport.pageUp()
    public mutating func pageUp() {
        offset -= max(height, 1)
        select(selection - max(height, 1))
    }

    /// Moves a screen down; the list scrolls with the selection, which keeps its row.
    ///
    ///     viewport.pageDown()
    public mutating func pageDown() {
        offset += max(height, 1)
        select(selection + max(height, 1))
    }

    /// Selects the first item.
    ///
    ///     viewport.moveHome()
    public mutating func moveHome() { select(0) }

    /// Selects the last item.
    ///
    ///     viewport.moveEnd()
    public mutating func moveEnd() { select(count - 1) }

    /// Selects the item at `index` (clamped to the items), scrolling as little as needed.
    ///
    ///     viewport.select(42)
    public mutating func select(_ index: Int) {
        selection = min(max(index, 0), max(count - 1, 0))
        settle()
    }

    /// Applies a move by name, for key maps that produce one.
    ///
    ///     viewport.apply(.pageDown)
    public mutating func apply(_ move: ListMove) {
        switch move {
        case .up: moveUp()
        case .down: moveDown()
        case .pageUp: pageUp()
        case .pageDown: pageDown()
        case .home: moveHome()
        case .end: moveEnd()
        }
    }

    /// Keeps the selection on an item and on screen, and the offset within the items.
    private mutating func settle() {
        if selection > max(count - 1, 0) { selection = max(count - 1, 0) }
        let rows = max(height, 1)
        if selection < offset {
            offset = selection
        } else if selection >= offset + rows {
            offset = selection - rows + 1
        }
        offset = max(0, min(offset, count - rows))
    }
}

/// Where a key asked the selection of a list to go.
///
///     case .pageDown: viewport.apply(.pageDown)
public enum ListMove: Hashable, Sendable, CaseIterable {
    case up, down, pageUp, pageDown, home, end
}
