import Terminal

/// A run of text in one style: a part of a `Paragraph`'s line.
///
///     Span("1999", style: .bold)
public struct Span: Hashable, Sendable {
    /// The text (drawn sanitized; a newline in it is drawn as a placeholder, not a break).
    public var text: String
    /// How it is drawn.
    public var style: Style

    /// A span of `text` in `style`.
    ///
    ///     Span("Year: ", style: .dim)
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// Styled text in an area: lines of spans, wrapped at spaces by display column (or cut), aligned,
/// scrolled by whole wrapped lines, with a scrollbar in the last column when it does not all fit.
///
/// Wrapping breaks a line after a space, dropping the spaces at the break; a word wider than a
/// whole line starts where it is and is broken where it reaches the edge. A grapheme (a wide character, an emoji sequence, a
/// letter with its marks) is never split, and each piece keeps its span's style. When the
/// wrapped text is taller than the area, the text wraps to one column less and the last column
/// shows a `Scrollbar`.
///
///     var synopsis = Paragraph("A long synopsis…")
///     synopsis.offset = state.detailsOffset
///     synopsis.render(in: pane, on: canvas)
public struct Paragraph: Hashable, Sendable {
    /// The lines, each a row of spans; each starts a new row.
    public var lines: [[Span]]
    /// Whether long lines wrap (true) or are cut at the area's edge (false).
    public var wrap: Bool
    /// Whether a cut line (`wrap` false) ends with "…".
    public var ellipsis: Bool
    /// Where each (wrapped) line sits across the area.
    public var alignment: TextAlignment
    /// Columns that a line's continuations (its wrapped lines after the first) start in from
    /// the left: a value wrapping under itself beside its label. Ignored at widths it does not
    /// leave room in.
    public var hangingIndent: Int
    /// The first (wrapped) line shown; clamped when drawn so that the last line can reach the
    /// bottom but not rise above it.
    public var offset: Int
    /// How the scrollbar looks.
    public var scrollbar: ListStyles

    /// A paragraph of styled lines.
    ///
    ///     Paragraph(lines: [[Span("Title", style: .bold)], [Span("Plot: "), Span("none", style: .dim)]])
    public init(lines: [[Span]], wrap: Bool = true, ellipsis: Bool = true, alignment: TextAlignment = .leading,
                hangingIndent: Int = 0, offset: Int = 0, scrollbar: ListStyles = ListStyles()) {
        self.lines = lines
        self.wrap = wrap
        self.ellipsis = ellipsis
        self.alignment = alignment
        self.hangingIndent = hangingIndent
        self.offset = offset
        self.scrollbar = scrollbar
    }

    /// A paragraph of plain text in one style, a line per line of `text`.
    ///
    ///     Paragraph("First line\nSecond line", alignment: .center)
    public init(_ text: String, style: Style = .plain, wrap: Bool = true, alignment: TextAlignment = .leading) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        self.init(lines: lines.map { [Span(String($0), style: style)] }, wrap: wrap, alignment: alignment)
    }

    /// Labels and values in two columns ("Year  1999"), each value wrapping under itself at the
    /// column after the longest label; a value's own lines start under it too.
    ///
    ///     Paragraph.fields([("Year", "1999"), ("Genres", "Drama, Western")], labelStyle: .dim)
    public static func fields(_ fields: [(label: String, value: String)], labelStyle: Style = .bold,
                              valueStyle: Style = .plain) -> Paragraph {
        let column = (fields.map { DisplayText.width($0.label) }.max() ?? 0) + 2
        var lines: [[Span]] = []
        for (label, value) in fields {
            let padding = String(repeating: " ", count: column - DisplayText.width(label))
            for (index, part) in value.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
                let head = index == 0 ? Span(label + padding, style: labelStyle)
                    : Span(String(repeating: " ", count: column), style: valueStyle)
                lines.append([head, Span(String(part), style: valueStyle)])
            }
        }
        return Paragraph(lines: lines, hangingIndent: column)
    }

    /// How many rows the text takes at `width` columns: the wrapped lines (the lines themselves
    /// when `wrap` is false). When that exceeds the area's rows, `render` wraps to one column
    /// less for the scrollbar, so the largest useful offset is
    /// `lineCount(width: columns - 1) - rows`.
    ///
    ///     let last = max(paragraph.lineCount(width: area.columns - 1) - area.rows, 0)
    public func lineCount(width: Int) -> Int {
        wrap ? wrapped(width: width, from: 0, count: 0, countingAll: true).total : lines.count
    }

    /// Clears `area` and draws the visible lines in it, with a scrollbar in its last column when
    /// they do not all fit (and the area is at least 2 columns wide).
    ///
    ///     Paragraph("Loading…", style: .dim, alignment: .center).render(in: pane, on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        canvas.fill(area, with: " ", style: .plain)
        if wrap {
            // Only the first rows + 1 lines are laid out unless the text overflows.
            let first = wrapped(width: area.columns, from: 0, count: area.rows, countingAll: false)
            if first.total <= area.rows {
                draw(first.lines, in: area, on: canvas)
                return
            }
            let width = area.columns > 1 ? area.columns - 1 : area.columns
            let total = wrapped(width: width, from: 0, count: 0, countingAll: true).total
            let start = min(max(offset, 0), max(total - area.rows, 0))
            let shown = wrapped(width: width, from: start, count: area.rows, countingAll: false).lines
            draw(shown, in: Rect(row: area.row, column: area.column, rows: area.rows, columns: width), on: canvas)
            if width < area.columns { drawScrollbar(offset: start, total: total, in: area, on: canvas) }
        } else {
            let overflows = lines.count > area.rows
            let width = overflows && area.columns > 1 ? area.columns - 1 : area.columns
            let start = min(max(offset, 0), max(lines.count - area.rows, 0))
            let shown = lines[start..<min(start + area.rows, lines.count)].map { cut($0, width: width) }
            draw(shown, in: Rect(row: area.row, column: area.column, rows: area.rows, columns: width), on: canvas)
            if width < area.columns { drawScrollbar(offset: start, total: lines.count, in: area, on: canvas) }
        }
    }

    private func drawScrollbar(offset: Int, total: Int, in area: Rect, on canvas: any Canvas) {
        Scrollbar(offset: offset, visible: area.rows, count: total, styles: scrollbar)
            .render(in: area.splitRight(columns: 1).right, on: canvas)
    }

    private func draw(_ shown: [LaidLine], in area: Rect, on canvas: any Canvas) {
        for (index, line) in shown.prefix(area.rows).enumerated() {
            var column = area.column + line.indent + alignment.offset(width: line.width, in: area.columns - line.indent)
            let right = area.column + area.columns
            for run in line.runs where column < right {
                let drawn = canvas.put(run.text, row: area.row + index, column: column, style: run.style,
                                       width: min(run.width, right - column), ellipsis: false)
                column += max(drawn, run.width)
            }
            if let mark = line.ellipsis, column < right {
                canvas.put("…", row: area.row + index, column: column, style: mark, width: 1)
            }
        }
    }

    // MARK: Layout

    /// One grapheme of a span: where it is and how wide.
    struct Glyph {
        var span: Int
        var start: String.Index
        var end: String.Index
        var width: Int
        var isSpace: Bool
    }

    /// A line ready to draw: runs of one span each, and the style of a trailing "…" if cut.
    struct LaidLine {
        var runs: [(text: Substring, style: Style, width: Int)] = []
        var width = 0
        var indent = 0
        var ellipsis: Style?
    }

    /// Calls `body` with each grapheme of `spans` until it returns false.
    @discardableResult
    static func forEachGlyph(_ spans: [Span], _ body: (Glyph) -> Bool) -> Bool {
        for (index, span) in spans.enumerated() {
            let text = span.text
            var position = text.startIndex
            while position < text.endIndex {
                let next = text.index(after: position)
                let character = text[position]
                let width = character.isASCII ? character.utf8.count : DisplayText.width(String(character))
                guard body(Glyph(span: index, start: position, end: next, width: width, isSpace: character == " ")) else {
                    return false
                }
                position = next
            }
        }
        return true
    }

    /// Runs of the same span from `glyphs`.
    func laid(_ glyphs: ArraySlice<Glyph>, spans: [Span]) -> LaidLine {
        var line = LaidLine()
        var index = glyphs.startIndex
        while index < glyphs.endIndex {
            let first = glyphs[index]
            var last = first, width = 0
            while index < glyphs.endIndex, glyphs[index].span == first.span {
                last = glyphs[index]
                width += last.width
                index += 1
            }
            let span = spans[first.span]
            line.runs.append((span.text[first.start..<last.end], span.style, width))
            line.width += width
        }
        return line
    }

    /// `spans` cut to `width` columns, with "…" in the style of the cut span when `ellipsis`.
    func cut(_ spans: [Span], width: Int) -> LaidLine {
        var glyphs: [Glyph] = []
        var used = 0
        var overflow: Glyph?
        Self.forEachGlyph(spans) { glyph in
            if used + glyph.width > width {
                overflow = glyph
                return false
            }
            glyphs.append(glyph)
            used += glyph.width
            return true
        }
        guard let overflow, ellipsis, width > 0 else { return laid(glyphs[...], spans: spans) }
        while used > width - 1, let last = glyphs.popLast() { used -= last.width }
        var line = laid(glyphs[...], spans: spans)
        line.ellipsis = spans[overflow.span].style
        line.width += 1
        return line
    }

    /// The wrapped lines at `width`: `count` of them from line `first`, and how many there are
    /// (all of them when `countingAll`, else stopping once one more than `first + count` is
    /// known, which is enough to tell that the text overflows).
    func wrapped(width: Int, from first: Int, count: Int, countingAll: Bool) -> (lines: [LaidLine], total: Int) {
        var shown: [LaidLine] = []
        var total = 0
        let stop = first + count + 1
        for spans in lines {
            var keepGoing = true
            Self.wrap(spans, width: width, hangingIndent: hangingIndent) { glyphs, indent in
                if total >= first, total < first + count {
                    var line = laid(glyphs, spans: spans)
                    line.indent = indent
                    shown.append(line)
                }
                total += 1
                keepGoing = countingAll || total < stop
                return keepGoing
            }
            if !keepGoing { break }
        }
        return (shown, total)
    }

    /// Greedy wrapping of one line at `width`, calling `emit` with each wrapped line's glyphs and
    /// indent until it returns false. A word that does not fit moves to the next line when it fits
    /// a line there; a word longer than a whole line starts where it is and breaks at the edge (a
    /// path after a label stays on the label's row). Linear in the line's length: each word is
    /// measured once, when it first overflows.
    static func wrap(_ spans: [Span], width fullWidth: Int, hangingIndent: Int,
                     _ emit: (ArraySlice<Glyph>, _ indent: Int) -> Bool) {
        var glyphs: [Glyph] = []
        forEachGlyph(spans) { glyphs.append($0); return true }
        guard fullWidth > 0 else {
            _ = emit(trimmed(glyphs[...]), 0)
            return
        }
        let indent = hangingIndent > 0 && hangingIndent < fullWidth ? hangingIndent : 0
        var width = fullWidth
        var lineStart = 0, lineWidth = 0
        var breakAt: Int?       // where the last word after a space starts (indentation is not a break)
        var hasWord = false     // the line holds a non-space
        var emitted = false
        /// Emits the line up to `end`; false when `emit` wants no more.
        func flush(upTo end: Int) -> Bool {
            let going = emit(trimmed(glyphs[lineStart..<end]), emitted ? indent : 0)
            emitted = true
            width = fullWidth - indent
            (lineStart, lineWidth, breakAt, hasWord) = (end, 0, nil, false)
            return going
        }
        var index = 0
        while index < glyphs.count {
            let glyph = glyphs[index]
            if glyph.isSpace {
                if lineWidth + glyph.width > width {
                    // A break at the spaces: they are dropped.
                    guard flush(upTo: index) else { return }
                    while index < glyphs.count, glyphs[index].isSpace { index += 1 }
                    lineStart = index
                    continue
                }
                lineWidth += glyph.width
                index += 1
                if hasWord { breakAt = index }
                continue
            }
            if lineWidth + glyph.width <= width || index == lineStart {
                lineWidth += glyph.width
                hasWord = true
                index += 1
                continue
            }
            if let start = breakAt, wordWidth(glyphs, from: start) <= fullWidth - indent {
                // The word moves to the next line whole; this glyph is tried again there.
                guard flush(upTo: start) else { return }
                lineWidth = glyphs[start..<index].reduce(0) { $0 + $1.width }
                hasWord = true
                continue
            }
            // A word longer than a line, or no break on this one: cut at the edge.
            guard flush(upTo: index) else { return }
        }
        if lineStart < glyphs.count || !emitted { _ = emit(trimmed(glyphs[lineStart...]), emitted ? indent : 0) }
    }

    /// The columns of the word starting at `start`: up to the next space or the line's end.
    private static func wordWidth(_ glyphs: [Glyph], from start: Int) -> Int {
        var width = 0
        var index = start
        while index < glyphs.count, !glyphs[index].isSpace {
            width += glyphs[index].width
            index += 1
        }
        return width
    }

    /// `glyphs` without the spaces at their end.
    private static func trimmed(_ glyphs: ArraySlice<Glyph>) -> ArraySlice<Glyph> {
        var end = glyphs.endIndex
        while end > glyphs.startIndex, glyphs[end - 1].isSpace { end -= 1 }
        return glyphs[glyphs.startIndex..<end]
    }
}
