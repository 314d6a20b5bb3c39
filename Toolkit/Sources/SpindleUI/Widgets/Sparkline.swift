import Terminal

/// Values as a small bar chart, one column per value with the latest at the right: a download's
/// speed, a queue's length. Each bar is scaled to `maximum` over the area's height in eighths of a
/// row (▁▂▃▄▅▆▇█), full blocks below its top; older values that do not fit are not shown.
///
///     Sparkline(speeds, maximum: 10_000_000).render(in: area.splitBottom(rows: 2).bottom, on: canvas)
public struct Sparkline: Hashable, Sendable {
    /// The values, oldest first. Negative values and NaN count as 0.
    public var values: [Double]
    /// The value of a full-height bar; nil takes the largest value shown. Larger values are
    /// drawn full.
    public var maximum: Double?
    /// How the bars look.
    public var styles: SparklineStyles

    /// A sparkline of `values`.
    ///
    ///     Sparkline([1, 4, 2, 8], maximum: 10)
    public init(_ values: [Double], maximum: Double? = nil, styles: SparklineStyles = SparklineStyles()) {
        self.values = values
        self.maximum = maximum
        self.styles = styles
    }

    /// A sparkline of whole numbers (counts per second, a queue's length).
    ///
    ///     Sparkline(queueLengths, maximum: 100)
    public init(_ values: [Int], maximum: Int? = nil, styles: SparklineStyles = SparklineStyles()) {
        self.init(values.map(Double.init), maximum: maximum.map(Double.init), styles: styles)
    }

    private static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The bar's height in eighths of a row for `value`, in an area `rows` tall: rounded, and
    /// at least one eighth for a value above 0.
    func height(of value: Double, scale: Double, rows: Int) -> Int {
        guard value > 0, scale > 0 else { return 0 }
        let full = rows * 8
        let height = Int((min(value / scale, 1) * Double(full)).rounded())
        return min(max(height, 1), full)
    }

    /// Draws the latest `area.columns` values against the right edge of `area`, filling its
    /// rows; columns without a value and cells above a bar are blank.
    ///
    ///     sparkline.render(in: Rect(row: 1, column: 60, rows: 3, columns: 20), on: canvas)
    public func render(in area: Rect, on canvas: any Canvas) {
        guard !area.isEmpty else { return }
        canvas.fill(area, with: " ", style: .plain)
        let shown = values.suffix(area.columns).map { $0.isNaN ? 0 : max($0, 0) }
        let scale = maximum.map { $0.isNaN ? 0 : $0 } ?? shown.max() ?? 0
        let start = area.column + area.columns - shown.count
        for (index, value) in shown.enumerated() {
            let height = height(of: value, scale: scale, rows: area.rows)
            guard height > 0 else { continue }
            let fullRows = height / 8
            if fullRows > 0 {
                canvas.fill(Rect(row: area.row + area.rows - fullRows, column: start + index, rows: fullRows, columns: 1),
                            with: "█", style: styles.bar)
            }
            if height % 8 > 0 {
                canvas.fill(Rect(row: area.row + area.rows - fullRows - 1, column: start + index, rows: 1, columns: 1),
                            with: Self.eighths[height % 8], style: styles.bar)
            }
        }
    }
}

/// How a `Sparkline` looks.
///
///     SparklineStyles(bar: Style(foreground: .green))
public struct SparklineStyles: Hashable, Sendable {
    /// The bars.
    public var bar: Style

    /// The default (cyan bars), or your own.
    ///
    ///     SparklineStyles(bar: .dim)
    public init(bar: Style = Style(foreground: .cyan)) {
        self.bar = bar
    }
}
