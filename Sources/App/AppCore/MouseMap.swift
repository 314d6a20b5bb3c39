import Browser
import Player
import Terminal

/// Which event a mouse report means, given what is on screen: on the list the wheel moves
/// three rows, a click selects the row and a double click plays it; in the player a click on
/// the progress bar seeks there, the pointer resting on it previews there (the terminal reports
/// motion only while the HUD shows: `AppState.tracksMouseMotion`), the wheel seeks 10 s and any
/// other click shows the HUD; in the help the wheel scrolls.
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
        // Home's thumbnail beside the rows takes no click.
        if let picture = state.homePicture, mouse.position.column >= picture.column - Layout.homePictureGap, case .press = mouse.action { return nil }
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

    /// The second of a title `duration` long at a cell of the bar: the middle of the cell, so
    /// that the knob is drawn on the cell clicked.
    static func second(at position: Position, of bar: Rect, duration: Int) -> Int {
        let fraction = (Double(position.column - bar.column) + 0.5) / Double(bar.columns)
        return Int(fraction * Double(duration))
    }

    static func playerEvent(for mouse: MouseEvent, _ player: PlayerState, size: Size) -> AppEvent? {
        switch mouse.action {
        case .wheelUp: return .player(.seekRequested(by: 10))
        case .wheelDown: return .player(.seekRequested(by: -10))
        case .press(.left):
            let bar = Layout.progressBar(for: size)
            guard player.isHUDVisible, bar.contains(mouse.position) else { return .player(.interacted) }
            return .player(.jumpRequested(to: second(at: mouse.position, of: bar, duration: player.title.duration)))
        case .moved:
            let bar = Layout.progressBar(for: size)
            guard player.isHUDVisible, bar.contains(mouse.position) else {
                return player.seekPreview?.isHover == true ? .player(.barHovered(at: nil)) : nil
            }
            let second = second(at: mouse.position, of: bar, duration: player.title.duration)
            if let preview = player.seekPreview, preview.isHover, preview.target == second { return nil }
            return .player(.barHovered(at: second))
        case .press: return .player(.interacted)
        default: return nil
        }
    }
}
