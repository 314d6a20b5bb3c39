import Browser
import Catalog
import SpindleUI
import Terminal

/// Beside Home's rows (not cards): the selected row's thumbnail, or its initials while there is
/// none, with its title and the part of Home it is in under it.
enum HomePictureView {
    static func render(_ state: AppState, in picture: Rect, preferences: AppPreferences, on canvas: any Canvas) {
        let list = state.list, theme = preferences.theme
        guard list.items.indices.contains(list.selection) else { return }
        let title = list.items[list.selection]
        if let art = state.cardArt.image(for: title.id, kind: .thumbnail), let drawing = preferences.art, art.width > 0, art.height > 0 {
            drawing.draw(art, picture, canvas)
        } else {
            PosterGridView.renderPlaceholder(title, in: picture, theme: theme, on: canvas)
        }
        let name = Rect(row: picture.row + picture.rows, column: picture.column, rows: 1, columns: picture.columns)
        canvas.put(title.title, row: name.row, column: name.column, style: theme.label, width: name.columns)
        // Home's rows carry the part they are in where a genre would be ("◐ continue", "▶ next up", "new").
        if !title.genre.isEmpty {
            canvas.put(title.genre, row: name.row + 1, column: name.column, style: theme.progress, width: name.columns)
        }
    }
}
