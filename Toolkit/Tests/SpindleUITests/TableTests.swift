import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Table")
struct TableTests {
    let table = Table(columns: [
        TableColumn("Title", width: .flexible(min: 1, max: 72, weight: 4)),
        TableColumn("Year", width: .fixed(4), showsFrom: 30),
        TableColumn("Genre", width: .flexible(min: 8, max: 14), showsFrom: 64),
        TableColumn("Length", width: .fixed(7), alignment: .trailing, showsFrom: 48),
    ])

    @Test("columns drop out on narrow widths: year from 30, length from 48, genre from 64", arguments: [
        (24, [23, 0, 0, 0]), (30, [23, 4, 0, 0]), (48, [32, 4, 0, 7]), (64, [37, 4, 9, 7]), (80, [49, 4, 13, 7]),
    ])
    func dropping(width: Int, widths: [Int]) {
        #expect(table.layout(width: width).widths == widths)
    }

    @Test("at 200 columns the title is capped, so the other columns stay near it")
    func wide() {
        let layout = table.layout(width: 200)
        #expect(layout.widths == [72, 4, 14, 7])
        #expect(layout.starts == [1, 75, 81, 97])
        #expect(layout.usedWidth == 104)
    }

    @Test("when even the minimums do not fit, the first column is kept, cut to the width")
    func tiny() {
        #expect(table.layout(width: 1).widths == [0, 0, 0, 0])
        #expect(table.layout(width: 3).widths == [2, 0, 0, 0])
    }

    @Test("a table matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let rows = [("The Long Way Home", "1999", "Drama", "1h 52m"), ("日本語のタイトル：長い夜の物語", "2004", "Science fiction", "58m")]
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in
            let layout = table.layout(width: area.columns)
            let (heading, body) = area.splitTop(rows: 1)
            table.renderHeading(in: heading, layout: layout, on: canvas)
            for (index, row) in rows.enumerated() where index < body.rows {
                let rect = body.singleRow(index)
                let style: Style = index == 1 ? .reverse : .plain
                if index == 1 { canvas.fill(rect, with: " ", style: style) }
                table.renderCell(row.0, column: 0, in: rect, layout: layout, style: style, on: canvas)
                table.renderCell(row.1, column: 1, in: rect, layout: layout, style: style, on: canvas)
                table.renderCell(row.2, column: 2, in: rect, layout: layout, style: style, on: canvas)
                table.renderCell(row.3, column: 3, in: rect, layout: layout, style: style, on: canvas)
            }
        }
        expectSnapshot(screen, named: "table-\(size.name)")
    }
}
