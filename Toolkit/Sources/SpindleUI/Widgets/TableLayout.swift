/// Where each column of a table starts and how wide it is at one total width: computed once
/// per frame, then used for every row.
///
/// Columns whose `showsFrom` exceeds the width drop out (width 0). Fixed columns get their
/// width and flexible ones their minimum; the room left goes to the flexible columns by weight
/// up to their maximum, and what is still left stays at the right, so at 200 columns the last
/// columns sit beside a capped title rather than 160 columns away from it. When even the
/// minimums do not fit, columns drop from the right (the first column is kept, cut to fit).
///
///     let layout = TableLayout(columns: [title, year, genre, length], width: 80)
///     layout.widths   // [49, 4, 10, 7]
public struct TableLayout: Hashable, Sendable {
    /// The column widths; 0 for a column that does not show.
    public private(set) var widths: [Int]
    /// The column each one starts at, relative to the table's left edge.
    public private(set) var starts: [Int]
    /// The columns the table spans, from its left edge to the end of its last shown column.
    public private(set) var usedWidth: Int

    /// Lays `columns` out in `width` display columns with `margin` before the first column and
    /// `spacing` between columns.
    ///
    ///     TableLayout(columns: columns, width: 40, margin: 1, spacing: 2)
    public init(columns: [TableColumn], width: Int, margin: Int = 1, spacing: Int = 2) {
        var shown = columns.map { width >= $0.showsFrom }
        func fixedCost() -> Int {
            let count = shown.filter { $0 }.count
            let minimums = zip(columns, shown).reduce(0) { $0 + ($1.1 ? $1.0.minimumWidth : 0) }
            return margin + minimums + max(count - 1, 0) * spacing
        }
        while fixedCost() > width, let last = shown.lastIndex(of: true), last > 0 {
            shown[last] = false
        }
        var widths = zip(columns, shown).map { $1 ? $0.minimumWidth : 0 }
        var room = max(width - fixedCost(), 0)
        // Hand the room out one column at a time to the flexible column furthest below its share.
        while room > 0 {
            var best: Int?
            for index in columns.indices where shown[index] && columns[index].weight > 0
                && widths[index] < columns[index].maximumWidth {
                guard let current = best else { best = index; continue }
                // widths[index] / weight[index] < widths[current] / weight[current]
                if widths[index] * columns[current].weight < widths[current] * columns[index].weight { best = index }
            }
            guard let best else { break }
            widths[best] += 1
            room -= 1
        }
        if shown.first == true, fixedCost() > width {
            widths[0] = max(width - margin, 0)
        }
        var starts = Array(repeating: 0, count: columns.count)
        var column = margin
        var used = 0
        for index in columns.indices where shown[index] {
            starts[index] = column
            used = column + widths[index]
            column = used + spacing
        }
        self.widths = widths
        self.starts = starts
        self.usedWidth = used
    }

    /// Whether column `index` shows at this width.
    ///
    ///     if layout.shows(2) { … }
    public func shows(_ index: Int) -> Bool {
        widths.indices.contains(index) && widths[index] > 0
    }
}
