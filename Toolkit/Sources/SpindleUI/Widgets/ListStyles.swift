import Terminal

/// How a `ListView` looks; the defaults need no colors.
///
///     var styles = ListStyles()
///     styles.selected = Style(.bold, foreground: .black, background: .cyan)
public struct ListStyles: Hashable, Sendable {
    /// Rows that are not selected.
    public var normal: Style
    /// The selected row, across the whole list width.
    public var selected: Style
    /// The scrollbar's track and its glyph.
    public var track: Style
    public var trackGlyph: Character
    /// The part of the scrollbar that stands for the rows on screen, and its glyph.
    public var thumb: Style
    public var thumbGlyph: Character
    /// Shown at the bottom of the scrollbar while more items may come than are loaded.
    public var moreGlyph: Character

    /// The default styles, or your own.
    ///
    ///     ListStyles(selected: .reverse)
    public init(normal: Style = .plain, selected: Style = .reverse, track: Style = .dim, trackGlyph: Character = "│",
                thumb: Style = .plain, thumbGlyph: Character = "┃", moreGlyph: Character = "↓") {
        self.normal = normal
        self.selected = selected
        self.track = track
        self.trackGlyph = trackGlyph
        self.thumb = thumb
        self.thumbGlyph = thumbGlyph
        self.moreGlyph = moreGlyph
    }
}
