import Terminal

/// A one-row bar for a position in something long (a film): the played part, the rest, marked
/// ranges (the intro) and points (the start of the credits), and a knob at the position.
///
/// Cells take the first that applies: the knob, a point marker, a range marker, played, rest.
///
///     ProgressBar(fraction: 0.4, markers: [.intro(0.02...0.05), .credits(at: 0.93)])
///         .render(in: Rect(row: 21, column: 1, rows: 1, columns: 78), on: canvas)
public struct ProgressBar: Hashable, Sendable {
    /// How far along, 0…1 (clamped; NaN counts as 0).
    public var fraction: Double
    /// Ranges and points marked on the bar.
    public var markers: [ProgressMarker]
    /// How the bar looks.
    public var styles: ProgressBarStyles

    /// A bar at `fraction`.
    ///
    ///     ProgressBar(fraction: Double(position) / Double(duration))
    public init(fraction: Double, markers: [ProgressMarker] = [], styles: ProgressBarStyles = ProgressBarStyles()) {
        self.fraction = fraction
        self.markers = markers
        self.styles = styles
    }

    /// The cell of a bar `width` cells wide that stands for `fraction` (the knob's cell).
    ///
    ///     ProgressBar(fraction: 0.5).cell(for: 0.5, width: 10)   // 5
    public func cell(for fraction: Double, width: Int) -> Int {
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        return min(Int(clamped * Double(width)), max(width - 1, 0))
    }

    /// Draws the bar across the first row of `area`, in runs of equal cells (no strings built).
    ///
    ///     bar.render(in: area.singleRow(area.rows - 3), on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        let width = area.columns
        let knob = cell(for: fraction, width: width)
        // The row is kept while the knob stays in its cell (a second of a film seldom moves it).
        let identity = RowIdentity(knob, markers, styles, area.column, width)
        canvas.drawRow(area.row, identity: identity) { drawRuns(in: area, knob: knob, on: canvas) }
    }

    private func drawRuns(in area: Rect, knob: Int, on canvas: any Canvas) {
        let width = area.columns
        var runStart = 0
        var run = look(at: 0, knob: knob, width: width)
        for index in 1...width {
            let next = index < width ? look(at: index, knob: knob, width: width) : nil
            if next?.glyph != run.glyph || next?.style != run.style {
                canvas.fill(Rect(row: area.row, column: area.column + runStart, rows: 1, columns: index - runStart),
                            with: run.glyph, style: run.style)
                runStart = index
                if let next { run = next }
            }
        }
    }

    private func look(at index: Int, knob: Int, width: Int) -> (glyph: Character, style: Style) {
        if index == knob { return (styles.knobGlyph, styles.knob) }
        for marker in markers where marker.isPoint && cell(for: marker.range.lowerBound, width: width) == index {
            return (marker.glyph, marker.style ?? (index < knob ? styles.played : styles.rest))
        }
        for marker in markers where !marker.isPoint {
            let start = cell(for: marker.range.lowerBound, width: width)
            let end = cell(for: marker.range.upperBound, width: width)
            if index >= start, index <= end {
                return (marker.glyph, marker.style ?? (index < knob ? styles.played : styles.rest))
            }
        }
        return index < knob ? (styles.playedGlyph, styles.played) : (styles.restGlyph, styles.rest)
    }
}

/// A mark on a `ProgressBar`: a range (the intro) or a point (the credits' start), as fractions.
///
///     ProgressMarker.intro(0.02...0.05)
///     ProgressMarker(range: 0.5...0.5, glyph: "◆")
public struct ProgressMarker: Hashable, Sendable {
    /// Where the marker lies, as fractions of the whole.
    public var range: ClosedRange<Double>
    /// The one-column character drawn on its cells.
    public var glyph: Character
    /// The style; nil takes the played or rest style of the cell it is on.
    public var style: Style?
    /// A point takes one cell and wins over ranges.
    public var isPoint: Bool

    /// A marker over `range` (a point when it is one value).
    ///
    ///     ProgressMarker(range: 0.1...0.2, glyph: "░")
    public init(range: ClosedRange<Double>, glyph: Character, style: Style? = nil, isPoint: Bool? = nil) {
        let lower = range.lowerBound.isNaN ? 0 : range.lowerBound
        let upper = range.upperBound.isNaN ? lower : max(range.upperBound, lower)
        self.range = lower...upper
        self.glyph = glyph
        self.style = style
        self.isPoint = isPoint ?? (lower == upper)
    }

    /// The intro, drawn ═.
    ///
    ///     .intro(Double(introStart) / duration...Double(introEnd) / duration)
    public static func intro(_ range: ClosedRange<Double>) -> ProgressMarker {
        ProgressMarker(range: range, glyph: "═", isPoint: false)
    }

    /// Where the credits start, drawn ┃.
    ///
    ///     .credits(at: Double(creditsStart) / duration)
    public static func credits(at fraction: Double) -> ProgressMarker {
        ProgressMarker(range: fraction...fraction, glyph: "┃", isPoint: true)
    }
}

/// How a `ProgressBar` looks: today's player bar by default.
///
///     ProgressBarStyles(played: Style(.bold, foreground: .cyan))
public struct ProgressBarStyles: Hashable, Sendable {
    /// Cells before the knob, and their glyph.
    public var played: Style
    public var playedGlyph: Character
    /// Cells after the knob, and their glyph.
    public var rest: Style
    public var restGlyph: Character
    /// The position's cell, and its glyph.
    public var knob: Style
    public var knobGlyph: Character

    /// The defaults (━ played, ─ rest, ● knob), or your own.
    ///
    ///     ProgressBarStyles(playedGlyph: "█", restGlyph: "░")
    public init(played: Style = Style(.bold, foreground: .cyan), playedGlyph: Character = "━",
                rest: Style = .dim, restGlyph: Character = "─",
                knob: Style = Style(.bold, foreground: .cyan), knobGlyph: Character = "●") {
        self.played = played
        self.playedGlyph = playedGlyph
        self.rest = rest
        self.restGlyph = restGlyph
        self.knob = knob
        self.knobGlyph = knobGlyph
    }
}
