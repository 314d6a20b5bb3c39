import Terminal

/// Where things go on screen. The list's height is part of the state (it drives prefetching),
/// so the reducer and the views share this one definition.
public enum Layout {
    /// The smallest screen the layout works on.
    public static let minimum = Size(rows: 6, columns: 24)

    public static func fits(_ size: Size) -> Bool {
        size.rows >= minimum.rows && size.columns >= minimum.columns
    }

    /// Row 0 is the header, row 1 the column headings, the last row the footer or query line.
    public static let firstListRow = 2

    public static func listRows(for size: Size) -> Int {
        fits(size) ? size.rows - 3 : 0
    }

    /// Column widths of a list row at this width: year, genre and duration drop out on narrow
    /// screens so the title keeps room.
    public struct Columns: Equatable {
        public var title: Int
        public var year: Int
        public var genre: Int
        public var duration: Int

        public init(width: Int) {
            year = width >= 30 ? 4 : 0
            duration = width >= 48 ? 7 : 0
            genre = width >= 64 ? min(14, width / 8) : 0
            let gaps = [year, genre, duration].filter { $0 > 0 }.count * 2 + 3
            title = max(width - year - genre - duration - gaps, 1)
        }
    }
}
