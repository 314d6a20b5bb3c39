/// Which way `Rect.split(_:_:spacing:)` cuts: into rows stacked top to bottom, or into columns
/// side by side.
///
///     let parts = area.split(.vertical, [.length(1), .fill(1), .length(1)])   // header, body, footer
public enum Axis: Hashable, Sendable {
    /// Parts stacked top to bottom, each as wide as the area.
    case vertical
    /// Parts side by side left to right, each as tall as the area.
    case horizontal
}

/// How much of an area one part of a `Rect.split(_:_:spacing:)` takes along its axis.
///
///     [.length(20), .percentage(30), .fill(1)]
public enum LayoutConstraint: Hashable, Sendable {
    /// Exactly this many cells (negative counts as 0).
    case length(Int)
    /// This share of the space left after spacing, in percent (clamped to 0…100, rounded down).
    case percentage(Int)
    /// `numerator / denominator` of the space left after spacing (rounded down; 0 when the
    /// denominator is not positive; at most all of it).
    case ratio(Int, Int)
    /// At least this many cells, and a weight-1 share of what is left over.
    case min(Int)
    /// A weight-1 share of what is left over, but at most this many cells.
    case max(Int)
    /// A share of what is left over after every other part, in proportion to its weight
    /// (negative counts as 0).
    case fill(Int)
}

extension Rect {
    /// The area cut along `axis` into one part per constraint, in order, with `spacing` cells
    /// between neighbours.
    ///
    ///     let (list, details) = area.split(.horizontal, [.percentage(40), .fill(1)], spacing: 1)
    ///
    /// The rules, with `space` the area's extent along the axis minus the spacing:
    ///
    /// 1. Spacing comes first. When `spacing × (parts − 1)` exceeds the extent, the spacing
    ///    shrinks to `extent / (parts − 1)` (rounded down) so that the gaps stay equal.
    /// 2. Each part asks for a base size: `length` its length, `percentage` and `ratio` their
    ///    share of `space` (rounded down), `min` its minimum, `max` and `fill` nothing.
    /// 3. When the bases add up to more than `space`, later parts shrink first: the last part
    ///    gives up cells (down to 0), then the one before it, until the bases fit. No part is
    ///    ever negative.
    /// 4. What is left is shared by the growing parts, by weight: each `fill(w)` weighs `w`,
    ///    each `min` and `max` weighs 1, and a `max` stops at its bound (its share passes to
    ///    the others). Shares are rounded down; the cells the rounding leaves go one each to
    ///    the growing parts in order, first first.
    /// 5. When no part can grow (none, or all at their bounds or of weight 0), the last part
    ///    takes the rest, past its length or bound.
    ///
    /// So the parts always cover the area exactly: their sizes plus the gaps add up to the
    /// extent, they are in order, and every other extent is the area's. An empty list gives no
    /// parts; an area of extent 0 gives parts of size 0.
    public func split(_ axis: Axis, _ constraints: [LayoutConstraint], spacing: Int = 0) -> [Rect] {
        let count = constraints.count
        guard count > 0 else { return [] }
        let extent = Swift.max(axis == .vertical ? rows : columns, 0)
        var gap = Swift.max(spacing, 0)
        if count > 1, gap * (count - 1) > extent { gap = extent / (count - 1) }
        let space = extent - gap * (count - 1)
        let sizes = Self.sizes(of: constraints, in: space)
        var parts: [Rect] = []
        parts.reserveCapacity(count)
        var start = axis == .vertical ? row : column
        for size in sizes {
            switch axis {
            case .vertical: parts.append(Rect(row: start, column: column, rows: size, columns: columns))
            case .horizontal: parts.append(Rect(row: row, column: start, rows: rows, columns: size))
            }
            start += size + gap
        }
        return parts
    }

    /// The sizes of the parts, adding up to `space` (see `split`).
    private static func sizes(of constraints: [LayoutConstraint], in space: Int) -> [Int] {
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let length): return Swift.min(Swift.max(length, 0), space)
            case .percentage(let percent): return space * Swift.min(Swift.max(percent, 0), 100) / 100
            case .ratio(let numerator, let denominator):
                guard denominator > 0, numerator > 0 else { return 0 }
                return numerator >= denominator ? space : Int(Int64(space) * Int64(numerator) / Int64(denominator))
            case .min(let minimum): return Swift.min(Swift.max(minimum, 0), space)
            case .max, .fill: return 0
            }
        }
        var excess = sizes.reduce(0, +) - space
        var index = sizes.count - 1
        while excess > 0, index >= 0 {
            let taken = Swift.min(sizes[index], excess)
            sizes[index] -= taken
            excess -= taken
            index -= 1
        }
        var left = -excess
        guard left > 0 else { return sizes }

        // Growing parts by weight, capped ones dropping out until the shares fit their caps.
        var growing: [(index: Int, weight: Int, cap: Int)] = constraints.enumerated().compactMap { index, constraint in
            switch constraint {
            case .min: return (index, 1, .max)
            case .max(let bound): return (index, 1, Swift.max(bound, 0))
            case .fill(let weight) where weight > 0: return (index, Swift.min(weight, 1 << 20), .max)
            default: return nil
            }
        }
        growing.removeAll { $0.cap == 0 }
        while !growing.isEmpty, left > 0 {
            let total = growing.reduce(0) { $0 + $1.weight }
            let capped = growing.filter { left * $0.weight / total >= $0.cap }
            if capped.isEmpty {
                var given = 0
                for part in growing {
                    let share = left * part.weight / total
                    sizes[part.index] += share
                    given += share
                }
                var rest = left - given
                for part in growing where rest > 0 {
                    sizes[part.index] += 1
                    rest -= 1
                }
                left = 0
            } else {
                for part in capped {
                    sizes[part.index] += part.cap
                    left -= part.cap
                }
                growing.removeAll { part in capped.contains { $0.index == part.index } }
            }
        }
        if left > 0 { sizes[sizes.count - 1] += left }
        return sizes
    }
}
