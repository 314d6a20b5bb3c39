import Terminal

/// A one-column scrollbar: a track as tall as the area, with a thumb whose size and place are
/// the visible rows' share and place among all the items. While the total is unknown
/// (`hasMore`), the last cell says so with a "more" mark.
///
///     Scrollbar(offset: 40, visible: 20, count: 200).render(in: area.splitRight(columns: 1).right, on: canvas)
public struct Scrollbar: Hashable, Sendable {
    /// The first visible item.
    public var offset: Int
    /// How many items fit in view.
    public var visible: Int
    /// How many items there are (loaded).
    public var count: Int
    /// Whether more items may come than are loaded.
    public var hasMore: Bool
    /// The track, thumb and "more" glyphs and styles.
    public var styles: ListStyles

    /// A scrollbar for `visible` of `count` items from `offset`.
    ///
    ///     Scrollbar(offset: 0, visible: 10, count: 100, hasMore: true)
    public init(offset: Int, visible: Int, count: Int, hasMore: Bool = false, styles: ListStyles = ListStyles()) {
        self.offset = offset
        self.visible = visible
        self.count = count
        self.hasMore = hasMore
        self.styles = styles
    }

    /// The thumb's rows within a track of `height` rows: at least one row, at the top when
    /// scrolled to the start and at the bottom only when the last item shows.
    ///
    ///     Scrollbar(offset: 0, visible: 10, count: 100).thumb(height: 10)   // 0..<1
    package func thumb(height: Int) -> Range<Int> {
        guard height > 0 else { return 0..<0 }
        let total = max(count, 1)
        guard visible < total else { return 0..<height }
        let size = min(max(height * visible / total, 1), height)
        let scrollable = max(total - visible, 1)
        let travel = height - size
        var start = (min(max(offset, 0), scrollable) * travel + scrollable - 1) / scrollable
        if offset > 0 { start = max(start, min(1, travel)) }
        if offset < scrollable { start = min(start, max(travel - 1, 0)) }
        return start..<(start + size)
    }

    /// Each cell of a track `height` rows tall, top to bottom: what `render` draws, for a widget
    /// that draws the bar a row at a time (a list keeping its unchanged rows).
    ///
    ///     Scrollbar(offset: 0, visible: 10, count: 100).cells(height: 10)[0].glyph   // the thumb's
    @usableFromInline package func cells(height: Int) -> [ScrollbarCell] {
        guard height > 0 else { return [] }
        let reservesMore = hasMore && height > 1
        let thumb = thumb(height: reservesMore ? height - 1 : height)
        return (0..<height).map { row in
            if hasMore, row == height - 1 { return ScrollbarCell(glyph: styles.moreGlyph, style: styles.track) }
            return thumb.contains(row) ? ScrollbarCell(glyph: styles.thumbGlyph, style: styles.thumb)
                : ScrollbarCell(glyph: styles.trackGlyph, style: styles.track)
        }
    }

    /// Draws the track, the thumb and the "more" mark in the first column of `area`.
    ///
    ///     scrollbar.render(in: Rect(row: 1, column: 79, rows: 22, columns: 1), on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        let column = Rect(row: area.row, column: area.column, rows: area.rows, columns: 1)
        canvas.fill(column, with: styles.trackGlyph, style: styles.track)
        // The "more" mark takes the last cell; the thumb moves in the cells above it.
        let reservesMore = hasMore && area.rows > 1
        let thumb = thumb(height: reservesMore ? area.rows - 1 : area.rows)
        canvas.fill(Rect(row: area.row + thumb.lowerBound, column: area.column, rows: thumb.count, columns: 1),
                     with: styles.thumbGlyph, style: styles.thumb)
        if hasMore {
            canvas.fill(Rect(row: area.row + area.rows - 1, column: area.column, rows: 1, columns: 1),
                        with: styles.moreGlyph, style: styles.track)
        }
    }
}

/// One cell of a scrollbar: its glyph and style, as `Scrollbar.cells(height:)` lists them.
///
///     ScrollbarCell(glyph: "┃", style: .plain)
@usableFromInline package struct ScrollbarCell: Hashable, Sendable {
    /// The track's, the thumb's or the "more" mark's glyph.
    @usableFromInline package var glyph: Character
    /// The style it is drawn in.
    @usableFromInline package var style: Style

    /// A cell (the scrollbar makes these; tests may too).
    package init(glyph: Character, style: Style) {
        self.glyph = glyph
        self.style = style
    }
}
