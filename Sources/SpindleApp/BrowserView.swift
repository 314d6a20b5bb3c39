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
        // The headings are dim from the first column to the last, gaps included.
        canvas.fill(Rect(row: 1, column: 0, rows: 1, columns: rowWidth(columns)), with: " ", style: Theme.headings)
        renderRow(title: "Title", year: "Year", genre: "Genre", duration: "Length", columns: columns,
                  row: 1, style: Theme.headings, on: canvas)
        var row = Layout.firstListRow
        let lastRow = canvas.size.rows - 2
        for index in list.visibleRange where row <= lastRow {
            let title = list.items[index]
            let isSelected = index == list.selection
            if isSelected {
                // The highlight spans the whole row.
                canvas.fill(Rect(row: row, column: 0, rows: 1, columns: width), with: " ", style: Theme.selected)
            }
            renderRow(title: title.title, year: String(title.year), genre: title.genre,
                      duration: Formatting.duration(title.duration), columns: columns,
                      row: row, style: isSelected ? Theme.selected : .plain, on: canvas)
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

    /// One list row: a space, the title cut to its column, then year, genre and length
    /// (right-aligned), two columns apart. Each part is drawn where its column starts; the gaps
    /// are not drawn over, so they keep the blank or the highlight under them (no padding is
    /// built or sent to the terminal).
    static func renderRow(title: String, year: String, genre: String, duration: String, columns: Layout.Columns,
                          row: Int, style: Style, on canvas: any Canvas) {
        var column = 1
        canvas.put(title, row: row, column: column, style: style, width: columns.title)
        column += columns.title
        if columns.year > 0 {
            canvas.put(year, row: row, column: column + 2, style: style, width: columns.year)
            column += 2 + columns.year
        }
        if columns.genre > 0 {
            canvas.put(genre, row: row, column: column + 2, style: style, width: columns.genre)
            column += 2 + columns.genre
        }
        if columns.duration > 0 {
            let shown = DisplayText.truncated(duration, toWidth: columns.duration)
            column += 2 + columns.duration
            canvas.put(shown, row: row, column: column - DisplayText.width(shown), style: style)
        }
    }

    /// The columns a list row spans, from its leading space to the end of its last part.
    static func rowWidth(_ columns: Layout.Columns) -> Int {
        [columns.year, columns.genre, columns.duration].reduce(1 + columns.title) { width, part in
            part > 0 ? width + 2 + part : width
        }
    }

    static func renderTooSmall(on canvas: any Canvas) {
        let minimum = Layout.minimum
        canvas.put("Too small", row: 0, column: 0, style: Theme.notice)
        canvas.put("needs \(minimum.columns)x\(minimum.rows)", row: 1, column: 0, style: Theme.notice)
    }
}
