/// A terminal size in character cells.
public struct Size: Hashable, Sendable, Codable, CustomStringConvertible {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }

    public var description: String { "\(columns)x\(rows)" }
}

/// A cell position: row and display column, both from 0 at the top left.
public struct Position: Hashable, Sendable, Codable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// A rectangle of cells.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var rows: Int
    public var columns: Int

    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row
        self.column = column
        self.rows = rows
        self.columns = columns
    }

    /// The part of this rectangle that lies inside a screen of `size` (possibly empty).
    public func clipped(to size: Size) -> Rect {
        let top = max(row, 0), left = max(column, 0)
        let bottom = min(row + rows, size.rows), right = min(column + columns, size.columns)
        return Rect(row: top, column: left, rows: max(bottom - top, 0), columns: max(right - left, 0))
    }

    public var isEmpty: Bool { rows <= 0 || columns <= 0 }

    /// Whether `position` is one of this rectangle's cells.
    public func contains(_ position: Position) -> Bool {
        position.row >= row && position.row < row + rows && position.column >= column && position.column < column + columns
    }
}
