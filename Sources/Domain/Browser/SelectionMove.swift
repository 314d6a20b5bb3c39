/// Where the user asked the selection to go.
package enum SelectionMove: Equatable, Hashable, Sendable, Codable {
    case up
    case down
    /// The item before the selected one: the cell on its left in a grid.
    case left
    /// The item after the selected one: the cell on its right in a grid.
    case right
    /// One viewport up; the list scrolls with the selection.
    case pageUp
    /// One viewport down; the list scrolls with the selection.
    case pageDown
    /// Half a viewport up (vi's Ctrl+U); the list scrolls with the selection, which stays on its row.
    case halfPageUp
    /// Half a viewport down (vi's Ctrl+D); the list scrolls with the selection, which stays on its row.
    case halfPageDown
    /// The first item.
    case home
    /// The last loaded item (which brings the next page, if there is one, within reach).
    case end
    /// This many items down (up when negative), as the mouse wheel moves.
    case by(Int)
    /// The item at this index (a click on its row).
    case to(Int)
}
