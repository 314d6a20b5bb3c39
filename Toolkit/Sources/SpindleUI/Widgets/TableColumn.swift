/// One column of a `Table`: its heading, how wide it may be, how its cells align, and from which
/// table width it shows at all (narrow screens drop the less important columns).
///
///     let title = TableColumn("Title", width: .flexible(min: 8, max: 72))
///     let year = TableColumn("Year", width: .fixed(4), showsFrom: 30)
///     let length = TableColumn("Length", width: .fixed(7), alignment: .trailing, showsFrom: 48)
public struct TableColumn: Hashable, Sendable {
    /// How wide a column may be, in display columns.
    public enum Width: Hashable, Sendable {
        /// Always this wide.
        case fixed(Int)
        /// At least `min`, growing with the room left by `weight` (relative to the other flexible
        /// columns), never wider than `max`. Room left once every column is at its max stays
        /// on the right of the table.
        case flexible(min: Int, max: Int, weight: Int = 1)
    }

    /// Where a cell's text sits in its column.
    public enum Alignment: Hashable, Sendable {
        /// From the column's start (text).
        case leading
        /// Against the column's end (numbers, lengths).
        case trailing
    }

    /// The heading.
    public var title: String
    /// How wide the column may be.
    public var width: Width
    /// Where cells sit in the column.
    public var alignment: Alignment
    /// The narrowest table width at which the column shows (0: always).
    public var showsFrom: Int

    /// A column.
    ///
    ///     TableColumn("Genre", width: .flexible(min: 8, max: 14), showsFrom: 64)
    public init(_ title: String, width: Width, alignment: Alignment = .leading, showsFrom: Int = 0) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.showsFrom = showsFrom
    }

    var minimumWidth: Int {
        switch width {
        case .fixed(let columns): max(columns, 0)
        case .flexible(let minimum, _, _): max(minimum, 0)
        }
    }

    var maximumWidth: Int {
        switch width {
        case .fixed(let columns): max(columns, 0)
        case .flexible(let minimum, let maximum, _): max(maximum, minimum, 0)
        }
    }

    var weight: Int {
        switch width {
        case .fixed: 0
        case .flexible(_, _, let weight): max(weight, 0)
        }
    }
}
