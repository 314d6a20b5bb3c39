import Browser
import Catalog
import SpindleUI
import Terminal

/// The list as a grid of cards (`v`): each a picture with the title under it, the selected one
/// framed. Only the cards on screen are drawn (`ListState.visibleRange`), each where its place in
/// the whole list puts it (`gridRow`, `gridColumn`), so a title keeps its column as pages
/// arrive. A card without a picture yet, or without any, shows its title's initials.
enum PosterGridView {
    static func render(_ state: AppState, grid: GridLayout, in body: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let list = state.list, theme = preferences.theme
        let top = list.gridRow(of: list.scrollOffset)
        for index in list.visibleRange {
            let title = list.items[index]
            let card = grid.card(column: list.gridColumn(of: index), row: list.gridRow(of: index) - top, in: body)
            guard card.row + card.rows <= body.row + body.rows, card.column + card.columns <= body.column + body.columns else { continue }
            renderCard(title, art: state.cardArt.image(for: title.id, kind: grid.kind), isSelected: index == list.selection,
                       position: state.positions[title.id], isWatched: state.watched.contains(title.id), grid: grid,
                       in: card, preferences: preferences, theme: theme, on: canvas)
        }
    }

    /// One card: the frame (the selected card's only), the picture or the initials, the title.
    static func renderCard(_ title: Title, art: ArtImage?, isSelected: Bool, position: Int?, isWatched: Bool, grid: GridLayout,
                           in card: Rect, preferences: AppPreferences, theme: Theme, on canvas: any Canvas) {
        if isSelected {
            Block(border: .rounded, styles: BlockStyles(border: theme.label)).render(in: card, on: canvas)
        }
        let picture = Rect(row: card.row + 1, column: card.column + 1, rows: grid.pictureRows, columns: grid.pictureColumns)
        if let art, let drawing = preferences.art, art.width > 0, art.height > 0 {
            drawing.draw(art, picture, canvas)
        } else {
            renderPlaceholder(title, in: picture, theme: theme, on: canvas)
        }
        let line = Rect(row: picture.row + picture.rows, column: picture.column, rows: 1, columns: picture.columns)
        var name = title.title
        if isWatched {
            name = "✓ " + name
        } else if let position, title.duration > 0 {
            // Left part way: how far, at the line's end.
            let percent = " \(min(99, position * 100 / title.duration))%"
            let room = line.columns - DisplayText.width(percent)
            if room > 2 {
                canvas.put(percent, row: line.row, column: line.column + room, style: theme.progress, width: line.columns - room)
                canvas.put(name, row: line.row, column: line.column, style: isSelected ? theme.selected : .plain, width: room)
                return
            }
        }
        canvas.put(name, row: line.row, column: line.column, style: isSelected ? theme.selected : .plain, width: line.columns)
    }

    /// A card without a picture: a dim panel with the title's initials in its middle.
    static func renderPlaceholder(_ title: Title, in rect: Rect, theme: Theme, on canvas: any Canvas) {
        guard !rect.isEmpty else { return }
        canvas.fill(rect, with: "░", style: theme.notice)
        let initials = String(title.title.split(whereSeparator: { $0 == " " }).prefix(2).compactMap(\.first)).uppercased()
        let width = DisplayText.width(initials)
        guard width > 0, width <= rect.columns else { return }
        canvas.put(initials, row: rect.row + rect.rows / 2, column: rect.column + (rect.columns - width) / 2, style: theme.label,
                   width: width)
    }
}
