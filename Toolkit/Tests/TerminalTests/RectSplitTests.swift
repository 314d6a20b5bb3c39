import Terminal
import TerminalTesting
import Testing

@Suite("Rect.split")
struct RectSplitTests {
    let area = Rect(row: 2, column: 3, rows: 10, columns: 80)

    func sizes(_ parts: [Rect], _ axis: Axis = .horizontal) -> [Int] {
        parts.map { axis == .vertical ? $0.rows : $0.columns }
    }

    @Test("a header, a body and a footer: the fill takes what the lengths leave")
    func headerBodyFooter() {
        let parts = area.split(.vertical, [.length(1), .fill(1), .length(1)])
        #expect(parts == [Rect(row: 2, column: 3, rows: 1, columns: 80), Rect(row: 3, column: 3, rows: 8, columns: 80),
                          Rect(row: 11, column: 3, rows: 1, columns: 80)])
    }

    @Test("each kind of constraint", arguments: [
        ([LayoutConstraint.percentage(25), .fill(1)], [20, 60]),
        ([.ratio(1, 3), .fill(1)], [26, 54]),
        ([.fill(1), .fill(3)], [20, 60]),
        ([.fill(1), .fill(1), .fill(1)], [27, 27, 26]),
        ([.min(30), .fill(1)], [55, 25]),
        ([.max(10), .fill(1)], [10, 70]),
        ([.max(10), .max(20)], [10, 70]),
        ([.length(10), .length(10)], [10, 70]),
        ([.length(50), .length(50)], [50, 30]),
        ([.length(50), .length(50), .length(50)], [50, 30, 0]),
        ([.min(100), .length(5)], [80, 0]),
        ([.fill(0), .fill(2)], [0, 80]),
        ([.percentage(150), .ratio(1, 0), .ratio(-1, 2)], [80, 0, 0]),
    ])
    func kinds(constraints: [LayoutConstraint], expected: [Int]) {
        #expect(sizes(area.split(.horizontal, constraints)) == expected)
    }

    @Test("spacing sits between the parts and shrinks when it does not fit")
    func spacing() {
        let parts = area.split(.horizontal, [.length(10), .fill(1), .length(10)], spacing: 2)
        #expect(parts.map(\.column) == [3, 15, 73])
        #expect(sizes(parts) == [10, 56, 10])
        let tight = Rect(row: 0, column: 0, rows: 1, columns: 5).split(.horizontal, [.fill(1), .fill(1), .fill(1)], spacing: 4)
        #expect(tight.map(\.column) == [0, 3, 5])
        #expect(sizes(tight) == [1, 0, 0])
    }

    @Test("empty lists, 0x0 and 1x1 areas")
    func tiny() {
        #expect(area.split(.vertical, []).isEmpty)
        let zero = Rect(row: 0, column: 0, rows: 0, columns: 0)
        #expect(zero.split(.vertical, [.length(1), .fill(1)], spacing: 1) == [zero, zero])
        let one = Rect(row: 0, column: 0, rows: 1, columns: 1)
        #expect(one.split(.vertical, [.length(1), .fill(1), .length(1)]) == [one, Rect(row: 1, column: 0, rows: 0, columns: 1),
                                                                           Rect(row: 1, column: 0, rows: 0, columns: 1)])
        #expect(sizes(one.split(.horizontal, [.fill(1), .fill(1)])) == [1, 0])
    }

    @Test("random constraints: the parts cover the area exactly, in order, never negative, lengths kept when they fit")
    func properties() {
        var generator = SplitMix(seed: 7)
        for _ in 0..<3_000 {
            let extent = Int(generator.next() % 301)
            let count = Int(generator.next() % 7)
            let spacing = Int(generator.next() % 4)
            var constraints: [LayoutConstraint] = (0..<count).map { _ in
                let value = Int(generator.next() % 120) - 10
                switch generator.next() % 6 {
                case 0: return .length(value)
                case 1: return .percentage(value)
                case 2: return .ratio(value, Int(generator.next() % 5))
                case 3: return .min(value)
                case 4: return .max(value)
                default: return .fill(value % 5)
                }
            }
            let withFill = generator.next() % 2 == 0
            if withFill { constraints.append(.fill(1)) }
            for axis in [Axis.vertical, .horizontal] {
                let area = axis == .vertical ? Rect(row: 1, column: 2, rows: extent, columns: 7)
                    : Rect(row: 1, column: 2, rows: 7, columns: extent)
                let parts = area.split(axis, constraints, spacing: spacing)
                #expect(parts.count == constraints.count)
                guard !parts.isEmpty else { continue }
                let partSizes = sizes(parts, axis)
                #expect(partSizes.allSatisfy { $0 >= 0 })
                let gap = parts.count > 1 ? (axis == .vertical ? parts[1].row - parts[0].row - parts[0].rows
                                                               : parts[1].column - parts[0].column - parts[0].columns) : 0
                #expect(gap >= 0 && gap <= spacing)
                #expect(partSizes.reduce(0, +) + gap * (parts.count - 1) == extent)
                if parts.count > 1, extent >= spacing * (parts.count - 1) { #expect(gap == spacing) }
                var start = axis == .vertical ? area.row : area.column
                for part in parts {
                    #expect((axis == .vertical ? part.row : part.column) == start)
                    #expect(axis == .vertical ? (part.column == 2 && part.columns == 7) : (part.row == 1 && part.rows == 7))
                    start += (axis == .vertical ? part.rows : part.columns) + gap
                }
                let fixed = constraints.reduce(0) { sum, constraint in
                    switch constraint {
                    case .length(let length): sum + max(length, 0)
                    case .min(let minimum): sum + max(minimum, 0)
                    default: sum
                    }
                }
                let onlyLengths = constraints.allSatisfy {
                    switch $0 { case .length, .min, .max, .fill: true; default: false }
                }
                if withFill, onlyLengths, fixed + gap * (parts.count - 1) <= extent {
                    for (constraint, size) in zip(constraints, partSizes) {
                        if case .length(let length) = constraint { #expect(size == max(length, 0)) }
                        if case .min(let minimum) = constraint { #expect(size >= max(minimum, 0)) }
                        if case .max(let bound) = constraint { #expect(size <= max(bound, 0)) }
                    }
                }
            }
        }
    }

    @Test("a split screen matches its snapshot")
    func snapshot() {
        let screen = HeadlessScreen(size: Size(rows: 7, columns: 30))
        screen.frame { canvas in
            let rows = Rect(size: canvas.size).split(.vertical, [.length(1), .fill(1), .length(1)])
            canvas.fill(rows[0], with: "=", style: .plain)
            canvas.fill(rows[2], with: "-", style: .plain)
            let columns = rows[1].split(.horizontal, [.percentage(40), .fill(1), .max(5)], spacing: 1)
            for (part, glyph) in zip(columns, ["a", "b", "c"] as [Character]) { canvas.fill(part, with: glyph, style: .plain) }
        }
        expectSnapshot(screen, named: "split-30x7", styled: false)
    }
}

/// A small deterministic generator, so a failure replays.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
