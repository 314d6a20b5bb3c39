import Terminal

/// A ratio as a filled bar with a label centred over it ("42%"): a download, a scan. The label
/// takes the filled style over the filled part and the rest style over the rest, so with the
/// default reversed fill it reads on both.
///
/// Not a `ProgressBar`: that one shows a position in something long (a knob on a line, with
/// marked ranges, the knob in the last cell at the end), where a gauge shows an amount: no cell
/// filled at 0, every cell at 1, and text over the bar.
///
///     Gauge(fraction: 0.42).render(in: area.singleRow(2), on: canvas)
///     Gauge(fraction: done / total, label: "\(done) of \(total)")
public struct Gauge: Hashable, Sendable {
    /// How much is filled, 0…1 (clamped; NaN counts as 0).
    public var fraction: Double
    /// The text over the bar; nil shows the percentage ("42%", rounded down).
    public var label: String?
    /// How the bar looks.
    public var styles: GaugeStyles

    /// A gauge at `fraction`.
    ///
    ///     Gauge(fraction: 0.5, label: "Scanning")
    public init(fraction: Double, label: String? = nil, styles: GaugeStyles = GaugeStyles()) {
        self.fraction = fraction
        self.label = label
        self.styles = styles
    }

    private var clamped: Double { fraction.isNaN ? 0 : min(max(fraction, 0), 1) }

    /// The columns filled in a bar `width` columns wide (rounded down; all of them only at 1).
    ///
    ///     Gauge(fraction: 0.5).filled(width: 10)   // 5
    func filled(width: Int) -> Int {
        min(Int(clamped * Double(max(width, 0))), max(width, 0))
    }

    /// Fills every row of `area` as the bar and draws the label centred, in the middle row, cut
    /// to the width.
    ///
    ///     gauge.render(in: Rect(row: 5, column: 2, rows: 1, columns: 40), on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        let filled = filled(width: area.columns)
        let (done, rest) = area.splitLeft(columns: filled)
        if !done.isEmpty { canvas.fill(done, with: " ", style: styles.filled) }
        if !rest.isEmpty { canvas.fill(rest, with: " ", style: styles.rest) }
        let text = DisplayText.truncated(label ?? "\(Int(clamped * 100))%", toWidth: area.columns)
        let width = DisplayText.width(text)
        let row = area.row + area.rows / 2
        var column = area.column + (area.columns - width) / 2
        // Grapheme by grapheme, so that the style changes where the fill ends.
        for character in text {
            let style = column < area.column + filled ? styles.filled : styles.rest
            column += canvas.put(String(character), row: row, column: column, style: style,
                                 width: area.column + area.columns - column, ellipsis: false)
        }
    }
}

/// How a `Gauge` looks.
///
///     GaugeStyles(filled: Style(foreground: .black, background: .green))
public struct GaugeStyles: Hashable, Sendable {
    /// The filled part, and the label over it.
    public var filled: Style
    /// The rest, and the label over it.
    public var rest: Style

    /// The defaults (the filled part reversed, the rest plain), or your own.
    ///
    ///     GaugeStyles(filled: Style(background: .cyan), rest: .dim)
    public init(filled: Style = .reverse, rest: Style = .plain) {
        self.filled = filled
        self.rest = rest
    }
}
