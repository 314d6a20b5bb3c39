/// A few columns at the end of a row kept apart from the rest: a list's scrollbar cell, which
/// changes when the thumb moves while the row's text does not.
///
///     RowEdge(columns: 79..<80, identity: RowIdentity(cell))
public struct RowEdge: Hashable, Sendable {
    /// The edge's columns on the screen (or the area it is given in).
    public var columns: Range<Int>
    /// What its drawing depends on.
    public var identity: RowIdentity

    /// An edge over `columns` of the row, drawn as `identity` says.
    public init(columns: Range<Int>, identity: RowIdentity) {
        self.columns = columns
        self.identity = identity
    }
}
