import Browser
import Catalog
import Terminal

/// Draws the catalog browser: header, column headings, the visible rows, a loading, error or
/// empty row after them, and the footer (or the query line while searching). Only the visible
/// rows are drawn, however many titles are loaded.
enum BrowserView {
    static func render(_ state: AppState, on canvas: any Canvas, tick: Int) {
        let size = canvas.size
        guard Layout.fits(size) else { return renderTooSmall(on: canvas) }
        if let player = state.player {
            PlayerView.render(player, on: canvas)
        } else if let title = state.list.detail {
            DetailView.render(title, on: canvas)
        } else {
            renderList(state.list, on: canvas, tick: tick)
        }
        if state.isHelpShown { HelpView.render(on: canvas) }
    }

    static func renderList(_ list: ListState, on canvas: any Canvas, tick: Int) {
        let width = canvas.size.columns
        renderHeader(list, on: canvas, tick: tick)
        let columns = Layout.Columns(width: width)
        canvas.put(row(title: "Title", year: "Year", genre: "Genre", duration: "Length", columns: columns),
                   row: 1, column: 0, style: Theme.headings, width: width)
        var row = Layout.firstListRow
        let lastRow = canvas.size.rows - 2
        for index in list.visibleRange where row <= lastRow {
            let title = list.items[index]
            let text = Self.row(title: title.title, year: String(title.year), genre: title.genre,
                                duration: Formatting.duration(title.duration), columns: columns)
            if index == list.selection {
                canvas.putRow(text, row: row, style: Theme.selected)
            } else {
                canvas.put(text, row: row, column: 0, style: .plain, width: width)
            }
            row += 1
        }
        if row <= lastRow { renderStatusRow(list, row: row, on: canvas, tick: tick) }
        if let draft = list.searchDraft {
            let prompt = "Search: "
            let shown = DisplayText.width(draft) > width - prompt.count - 1
                ? "…" + String(draft.suffix(max(width - prompt.count - 2, 0))) : draft
            let used = canvas.put(prompt + shown, row: canvas.size.rows - 1, column: 0, style: .plain, width: width - 1)
            canvas.cursor = Position(row: canvas.size.rows - 1, column: used)
        } else if let error = list.lastError {
            // Always visible, even when the list fills the screen and its own error row is not.
            canvas.putRow(" could not load: \(error) - r to retry", row: canvas.size.rows - 1, style: Theme.error)
        } else {
            let hints = width >= 48 ? " ↑↓ move  / search  Enter open  ? help  q quit" : " / search  ? help  q quit"
            canvas.putRow(hints, row: canvas.size.rows - 1, style: Theme.footer)
        }
    }

    static func renderHeader(_ list: ListState, on canvas: any Canvas, tick: Int) {
        let count = list.items.count
        let status: String
        if list.hasFailed {
            status = "\(count) loaded, stopped"
        } else if list.isLoading {
            status = "\(count) loaded \(Formatting.spinner[tick % Formatting.spinner.count]) loading"
        } else if list.hasMore {
            status = "\(count) loaded, more…"
        } else {
            status = count == 1 ? "1 title" : "\(count) titles"
        }
        canvas.putRow(" Spindle", row: 0, style: Theme.header)
        var used = 9
        if !list.query.isEmpty {
            used += canvas.put("  “\(list.query)”", row: 0, column: used, style: Theme.header,
                               width: max(canvas.size.columns - used - status.count - 2, 0))
        }
        let statusColumn = max(canvas.size.columns - DisplayText.width(status) - 1, used + 1)
        canvas.put(status, row: 0, column: statusColumn, style: Theme.header)
    }

    /// After the last loaded row: loading, failed, nothing matched, or nothing.
    static func renderStatusRow(_ list: ListState, row: Int, on canvas: any Canvas, tick: Int) {
        let width = canvas.size.columns
        if let error = list.lastError {
            canvas.put(" could not load: \(error) - r to retry", row: row, column: 0, style: Theme.error, width: width)
        } else if list.isLoading {
            let spinner = Formatting.spinner[tick % Formatting.spinner.count]
            canvas.put(" \(spinner) Loading…", row: row, column: 0, style: Theme.notice, width: width)
        } else if list.isEmptyResult {
            let text = list.query.isEmpty ? " The catalog is empty." : " Nothing matched “\(list.query)”. Esc clears the search."
            canvas.put(text, row: row, column: 0, style: Theme.notice, width: width)
        }
    }

    /// One list row: the title cut to its column, then year, genre and length.
    static func row(title: String, year: String, genre: String, duration: String, columns: Layout.Columns) -> String {
        var text = " " + DisplayText.fitted(title, toWidth: columns.title)
        if columns.year > 0 { text += "  " + DisplayText.fitted(year, toWidth: columns.year) }
        if columns.genre > 0 { text += "  " + DisplayText.fitted(genre, toWidth: columns.genre) }
        if columns.duration > 0 {
            let shown = DisplayText.truncated(duration, toWidth: columns.duration)
            text += "  " + String(repeating: " ", count: columns.duration - DisplayText.width(shown)) + shown
        }
        return text
    }

    static func renderTooSmall(on canvas: any Canvas) {
        let minimum = Layout.minimum
        canvas.put("Too small", row: 0, column: 0, style: Theme.notice)
        canvas.put("needs \(minimum.columns)x\(minimum.rows)", row: 1, column: 0, style: Theme.notice)
    }
}
