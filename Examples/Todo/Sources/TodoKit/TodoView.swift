import SpindleUI
import Terminal

/// How the todo app looks: a header with the filter and the position, the list, and a footer
/// with the key hints or the todo being typed; the help over all of it.
public enum TodoView {
    public static func render(_ state: TodoState, on canvas: any Canvas) {
        let layout = TodoLayout(size: canvas.size)
        header(for: state).render(in: layout.header, on: canvas)
        renderList(state, in: layout.list, on: canvas)
        let help = Help(sections: TodoKeys.sections(in: state), footnote: "Any key closes this help.")
        if let draft = state.draft {
            draft.render(in: layout.footer.insetBy(rows: 0, columns: 1), on: canvas)
        } else {
            help.renderShort(in: layout.footer, on: canvas)
        }
        if state.isHelpShown { help.renderFull(in: Rect(size: canvas.size), on: canvas) }
    }

    /// " Todo · all · 2 open" on the left, "2 / 5" on the right; a failed save says so instead.
    static func header(for state: TodoState) -> StatusLine {
        let summary = state.saveError.map { "not saved: \($0)" } ?? "\(state.filter.name) · \(state.openCount) open"
        let position = PositionText(state.list.count == 0 ? 0 : state.list.selection + 1, of: state.list.count)
        return StatusLine(left: " Todo · " + summary, right: position.text + " ", style: TodoStyles.header)
    }

    static func renderList(_ state: TodoState, in area: Rect, on canvas: any Canvas) {
        let todos = state.visibleTodos
        guard !todos.isEmpty else {
            let hint = state.todos.isEmpty ? "Nothing to do. Press a to add a todo." : "No \(state.filter.name) todos. Press f to change the filter."
            canvas.put(hint, row: area.row + 1, column: area.column + 2, style: TodoStyles.hint, width: area.columns - 2)
            return
        }
        ListView(items: todos, viewport: state.list).render(in: area, on: canvas) { row, canvas in
            // The row as a canvas of its own: columns count from the row's start, text is cut at its end.
            let cells = canvas.area(row.rect)
            let todo = row.item
            cells.put(todo.isDone ? " [x] " : " [ ] ", row: 0, column: 0, style: row.style)
            let titleStyle = todo.isDone && !row.isSelected ? TodoStyles.done : row.style
            cells.put(todo.title, row: 0, column: 5, style: titleStyle)
        }
    }
}

/// The app's styles, as data.
public enum TodoStyles {
    public static let header = Style(.bold, foreground: .black, background: .cyan)
    public static let done = Style(.dim)
    public static let hint = Style(.dim)
}
