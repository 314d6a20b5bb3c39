import Browser
import Player
import Terminal

/// Which event a mouse report means, given what is on screen: on the list the wheel moves
/// three rows, a click selects the row and a double click plays it; in the player a click on
/// the progress bar seeks there, the wheel seeks 10 s and any other click shows the HUD; in the
/// help the wheel scrolls.
package enum MouseMap {
    /// Rows the wheel moves per notch.
    static let wheelRows = 3

    package static func event(for mouse: MouseEvent, in state: AppState) -> AppEvent? {
        guard !state.isTooSmall else { return nil }
        if state.isHelpShown {
            switch mouse.action {
            case .wheelUp: return .helpScrolled(by: -wheelRows)
            case .wheelDown: return .helpScrolled(by: wheelRows)
            default: return nil
            }
        }
        if let player = state.player { return playerEvent(for: mouse, player, size: state.size) }
        if state.list.isDetailOpen { return nil }
        return listEvent(for: mouse, state.list, size: state.size, grid: state.gridLayout)
    }

    /// On the list; in the grid the wheel moves a row of cards and a click is on a card.
    static func listEvent(for mouse: MouseEvent, _ list: ListState, size: Size, grid: GridLayout? = nil) -> AppEvent? {
        let wheel = grid == nil ? wheelRows : list.columns
        switch mouse.action {
        case .wheelUp: return .list(.selectionMoved(.by(-wheel)))
        case .wheelDown: return .list(.selectionMoved(.by(wheel)))
        case .press(.left):
            let body = Layout.listBody(for: size)
            guard body.contains(mouse.position) else { return nil }
            var index = list.scrollOffset + mouse.position.row - body.row
            if let grid {
                guard let place = grid.place(row: mouse.position.row, column: mouse.position.column, in: body) else { return nil }
                index = (list.gridRow(of: list.scrollOffset) + place.row) * list.columns + place.column - list.firstIndex
                guard index >= 0 else { return nil }
            }
            guard index < list.items.count else { return nil }
            // The second press of a double click lands on the row the first one selected.
            if mouse.clickCount == 2, index == list.selection { return .playerOpened }
            return index == list.selection ? nil : .list(.selectionMoved(.to(index)))
        default: return nil
        }
    }

    static func playerEvent(for mouse: MouseEvent, _ player: PlayerState, size: Size) -> AppEvent? {
        switch mouse.action {
        case .wheelUp: return .player(.seekRequested(by: 10))
        case .wheelDown: return .player(.seekRequested(by: -10))
        case .press(.left):
            let bar = Layout.progressBar(for: size)
            guard player.isHUDVisible, bar.contains(mouse.position) else { return .player(.interacted) }
            // The middle of the clicked cell, so that the knob is drawn on the cell clicked.
            let fraction = (Double(mouse.position.column - bar.column) + 0.5) / Double(bar.columns)
            return .player(.jumpRequested(to: Int(fraction * Double(player.title.duration))))
        case .press: return .player(.interacted)
        default: return nil
        }
    }
}
