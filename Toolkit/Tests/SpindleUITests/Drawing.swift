import Terminal

/// A headless screen of `columns`x`rows` with `draw` run once in a frame over its whole area.
func drawn(rows: Int, columns: Int, _ draw: (Rect, any Canvas) -> Void) -> HeadlessScreen {
    let screen = HeadlessScreen(size: Size(rows: rows, columns: columns))
    screen.frame { canvas in draw(Rect(size: canvas.size), canvas) }
    return screen
}

/// The three areas every widget is checked at: a normal one, a narrow one and a single cell.
let widgetSizes: [(name: String, rows: Int, columns: Int)] = [("normal", 8, 60), ("narrow", 5, 16), ("1x1", 1, 1)]
