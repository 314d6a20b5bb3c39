import Terminal

/// The bindings as help: a one-line footer hint, or the full listing in a box over the screen
/// that scrolls when it does not fit ("more ↓" on its bottom edge, "↑ more" on its top).
///
///     var help = Help(sections: AppKeys.sections)
///     help.renderShort(in: footer, on: canvas)        // " ↑/k up  / search  ? help"
///     help.scrollDown()                               // j in the open help
///     help.renderFull(in: Rect(size: canvas.size), on: canvas)
public struct Help: Hashable, Sendable {
    /// The bindings, by section.
    public var sections: [KeyBindingSection]
    /// The first line of the full listing shown (clamped when drawn).
    public private(set) var offset: Int
    /// A last line under the listing ("Any key closes this help."), if any.
    public var footnote: String
    /// How the help looks.
    public var styles: HelpStyles

    /// Help for `sections`.
    ///
    ///     Help(sections: [KeyBindingSection("", [up, down, quit])], footnote: "Esc closes")
    public init(sections: [KeyBindingSection], footnote: String = "", styles: HelpStyles = HelpStyles()) {
        self.sections = sections
        self.offset = 0
        self.footnote = footnote
        self.styles = styles
    }

    /// Scrolls the full listing a line down (stops at its end when drawn).
    ///
    ///     help.scrollDown()
    public mutating func scrollDown(by lines: Int = 1) { offset = max(offset + lines, 0) }

    /// Scrolls the full listing a line up.
    ///
    ///     help.scrollUp()
    public mutating func scrollUp(by lines: Int = 1) { offset = max(offset - lines, 0) }

    /// Draws the short hints (see `KeyHelp.shortLine`) in the first row of `area`, one column in,
    /// with the row filled in the footer style.
    ///
    ///     help.renderShort(in: area.splitBottom(rows: 1).bottom, on: canvas)
    public func renderShort(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        let row = area.singleRow(0)
        // Kept while the bindings stay the same (every frame but when a mode changes).
        canvas.drawRow(row.row, identity: RowIdentity(sections, styles, row.column, row.columns)) {
            drawShort(in: row, on: canvas)
        }
    }

    private func drawShort(in row: Rect, on canvas: any Canvas) {
        let area = row
        canvas.fill(row, with: " ", style: styles.footer)
        let hints = KeyHelp.shortLine(sections.flatMap(\.bindings), width: area.columns - 1)
        canvas.put(hints, row: row.row, column: row.column + 1, style: styles.footer, width: area.columns - 1)
    }

    /// The lines the full view lists: the sections, then the footnote after a blank line.
    ///
    ///     help.lines.count
    public var lines: [HelpLine] {
        var lines = KeyHelp.lines(sections)
        if !footnote.isEmpty { lines += [.blank, .title(footnote)] }
        return lines
    }

    /// The first line shown in a box with room for `visibleLines` lines.
    ///
    ///     help.visibleOffset(visibleLines: 10)
    public func visibleOffset(visibleLines: Int) -> Int {
        max(0, min(offset, lines.count - max(visibleLines, 1)))
    }

    /// Draws the listing in a box centred in `area`, as large as the lines need and no larger
    /// than the area; the lines from `offset` on show when not all fit.
    ///
    ///     help.renderFull(in: Rect(size: canvas.size), on: canvas)
    public func renderFull(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        let lines = lines
        let labelWidth = lines.reduce(0) { width, line in
            if case .binding(let label, _) = line { return max(width, DisplayText.width(label)) }
            return width
        }
        let textWidth = lines.reduce(0) { width, line in
            switch line {
            case .binding(_, let description): max(width, labelWidth + 2 + DisplayText.width(description))
            case .title(let title): max(width, DisplayText.width(title))
            case .blank: width
            }
        }
        let box = Rect(row: area.row, column: area.column, rows: min(lines.count + 2, area.rows),
                       columns: min(textWidth + 4, area.columns))
            .offsetBy(rows: max((area.rows - min(lines.count + 2, area.rows)) / 2, 0),
                      columns: max((area.columns - min(textWidth + 4, area.columns)) / 2, 0))
        let block = Block(padding: Size(rows: 0, columns: 1), styles: BlockStyles(border: styles.border))
        block.render(in: box, on: canvas)
        let inside = block.inner(box)
        let first = visibleOffset(visibleLines: inside.rows)
        for (index, line) in lines.dropFirst(first).prefix(inside.rows).enumerated() {
            let row = inside.row + index
            switch line {
            case .title(let title):
                canvas.put(title, row: row, column: inside.column, style: styles.title, width: inside.columns)
            case .binding(let label, let description):
                canvas.put(label, row: row, column: inside.column, style: styles.key, width: inside.columns)
                let column = labelWidth + 2
                if column < inside.columns {
                    canvas.put(description, row: row, column: inside.column + column, style: styles.description,
                               width: inside.columns - column)
                }
            case .blank: break
            }
        }
        if first > 0 { putMark(" ↑ more ", row: box.row, in: box, on: canvas) }
        if first + inside.rows < lines.count { putMark(" more ↓ ", row: box.row + box.rows - 1, in: box, on: canvas) }
    }

    /// A mark on the box's top or bottom edge, right-aligned, when it fits within the corners.
    private func putMark(_ mark: String, row: Int, in box: Rect, on canvas: any Canvas) {
        let width = DisplayText.width(mark)
        guard box.rows >= 2, box.columns >= width + 4 else { return }
        canvas.put(mark, row: row, column: box.column + box.columns - width - 2, style: styles.more)
    }
}

/// How `Help` looks.
///
///     Help(sections: sections, styles: HelpStyles(key: Style(.bold, foreground: .cyan)))
public struct HelpStyles: Hashable, Sendable {
    /// The short help's row.
    public var footer: Style
    /// The box's lines.
    public var border: Style
    /// Section titles and the footnote.
    public var title: Style
    /// Key labels.
    public var key: Style
    /// What a key does.
    public var description: Style
    /// The "more ↓" and "↑ more" marks.
    public var more: Style

    /// The defaults, or your own.
    ///
    ///     HelpStyles(footer: .dim, title: .bold)
    public init(footer: Style = .dim, border: Style = .plain, title: Style = .bold, key: Style = .bold,
                description: Style = .plain, more: Style = .dim) {
        self.footer = footer
        self.border = border
        self.title = title
        self.key = key
        self.description = description
        self.more = more
    }
}
