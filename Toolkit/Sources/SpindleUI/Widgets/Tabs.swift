import Terminal

/// Titles in a row with the selected one highlighted: the sections of a pane. When they do not
/// fit, the strip scrolls so that the selected title shows, with ‹ and › at the edges where
/// titles are hidden.
///
///     var tabs = Tabs(["Details", "Cast", "Files"])
///     tabs.next()                                  // Cast
///     tabs.render(in: area.singleRow(0), on: canvas)
public struct Tabs: Hashable, Sendable {
    /// The titles, in order.
    public var titles: [String]
    /// The selected title's index (clamped to the titles when drawn).
    public private(set) var selected: Int
    /// Drawn between two titles.
    public var divider: String
    /// How the strip looks.
    public var styles: TabsStyles

    /// Tabs with `selected` selected.
    ///
    ///     Tabs(["Films", "Series"], selected: 1, divider: " · ")
    public init(_ titles: [String], selected: Int = 0, divider: String = " │ ", styles: TabsStyles = TabsStyles()) {
        self.titles = titles
        self.selected = 0
        self.divider = divider
        self.styles = styles
        select(selected)
    }

    /// Selects the title at `index` (clamped to the titles).
    ///
    ///     tabs.select(2)
    public mutating func select(_ index: Int) {
        selected = min(max(index, 0), max(titles.count - 1, 0))
    }

    /// Selects the next title, the first after the last.
    ///
    ///     tabs.next()
    public mutating func next() {
        guard !titles.isEmpty else { return }
        selected = (selected + 1) % titles.count
    }

    /// Selects the previous title, the last before the first.
    ///
    ///     tabs.previous()
    public mutating func previous() {
        guard !titles.isEmpty else { return }
        selected = (selected + titles.count - 1) % titles.count
    }

    /// Draws the strip in the first row of `area`, the rest of the row blank.
    ///
    ///     tabs.render(in: header.splitTop(rows: 1).top, on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        let row = area.singleRow(0)
        canvas.fill(row, with: " ", style: .plain)
        guard !titles.isEmpty else { return }
        let current = min(max(selected, 0), titles.count - 1)
        let widths = titles.map { DisplayText.width($0) }
        let dividerWidth = DisplayText.width(divider)
        let total = widths.reduce(0, +) + dividerWidth * (titles.count - 1)
        if total <= row.columns {
            draw(0..<titles.count, in: row, on: canvas)
        } else if row.columns < 3 {
            canvas.put(titles[current], row: row.row, column: row.column, style: styles.selected, width: row.columns)
        } else {
            // The strip starts as far left as still shows the selected title whole beside both
            // marks (or cut, when it alone is wider), and shows only whole titles after it.
            var first = current
            var used = widths[current]
            while first > 0, used + dividerWidth + widths[first - 1] <= row.columns - 2 {
                first -= 1
                used += dividerWidth + widths[first]
            }
            let start = row.column + (first > 0 ? 1 : 0), end = row.column + row.columns
            func lastWhole(before limit: Int) -> Int {
                var last = first, column = start + widths[first]
                for index in (first + 1)..<titles.count {
                    column += dividerWidth + widths[index]
                    guard column <= limit else { break }
                    last = index
                }
                return last
            }
            var last = lastWhole(before: end)
            let hidesAfter = last < titles.count - 1
            if hidesAfter { last = lastWhole(before: end - 1) }
            draw(first..<(last + 1), in: Rect(row: row.row, column: start, rows: 1, columns: end - (hidesAfter ? 1 : 0) - start),
                 on: canvas)
            if first > 0 { canvas.put("‹", row: row.row, column: row.column, style: styles.marks) }
            if hidesAfter { canvas.put("›", row: row.row, column: end - 1, style: styles.marks) }
        }
    }

    /// Draws the titles in `range` with dividers between them, from the start of `strip`, cut
    /// at its end.
    private func draw(_ range: Range<Int>, in strip: Rect, on canvas: any Canvas) {
        var column = strip.column
        let right = strip.column + strip.columns
        for index in range where column < right {
            if index > range.lowerBound {
                column += canvas.put(divider, row: strip.row, column: column, style: styles.divider,
                                     width: right - column, ellipsis: false)
                guard column < right else { break }
            }
            let style = index == min(max(selected, 0), titles.count - 1) ? styles.selected : styles.title
            column += canvas.put(titles[index], row: strip.row, column: column, style: style, width: right - column)
        }
    }
}

/// How `Tabs` look.
///
///     TabsStyles(selected: Style(.bold, foreground: .cyan))
public struct TabsStyles: Hashable, Sendable {
    /// A title not selected.
    public var title: Style
    /// The selected title.
    public var selected: Style
    /// The divider between titles.
    public var divider: Style
    /// The ‹ and › marks for hidden titles.
    public var marks: Style

    /// The defaults (the selected title reversed, dim dividers and marks), or your own.
    ///
    ///     TabsStyles(title: .dim, selected: .bold)
    public init(title: Style = .plain, selected: Style = .reverse, divider: Style = .dim, marks: Style = .dim) {
        self.title = title
        self.selected = selected
        self.divider = divider
        self.marks = marks
    }
}
