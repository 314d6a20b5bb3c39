import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("TableView")
struct TableViewTests {
    struct Film: Hashable {
        var title: String
        var year: String
        var progress: Double
        var failed = false
    }

    static let table = Table(columns: [
        TableColumn("Title", width: .flexible(min: 4, max: 40, weight: 3)),
        TableColumn("Year", width: .fixed(4), showsFrom: 20),
        TableColumn("Progress", width: .flexible(min: 6, max: 12), showsFrom: 40),
    ])

    static let films = (0..<12).map { index in
        Film(title: index == 3 ? "日本語のタイトル：長い夜の物語" : "Film \(index)", year: "\(1990 + index)",
             progress: Double(index) / 11, failed: index == 2)
    }

    static func view(_ viewport: ListViewport, id: AnyHashable? = nil, items: [Film] = films) -> TableView<[Film]> {
        TableView(table: table, items: items, viewport: viewport, id: id) { film in
            [TableCell(film.title), TableCell(film.failed ? "fail" : film.year, style: film.failed ? Style(foreground: .red) : nil),
             .drawn { rect, _, canvas in ProgressBar(fraction: film.progress).render(in: rect, on: canvas) }]
        }
    }


    @Test("a table view matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in
            Self.view(ListViewport(count: Self.films.count, selection: 2)).render(in: area, on: canvas)
        }
        expectSnapshot(screen, named: "tableview-\(size.name)")
    }

    @Test("a 0x0 area draws nothing, and a 1-row area only the heading")
    func emptyAreas() {
        let screen = drawn(rows: 3, columns: 30) { _, canvas in
            Self.view(ListViewport(count: 12, selection: 5)).render(in: Rect(row: 1, column: 5, rows: 0, columns: 0), on: canvas)
            Self.view(ListViewport(count: 12, selection: 5)).render(in: Rect(row: 2, column: 0, rows: 1, columns: 30), on: canvas)
        }
        #expect(screen.rowText(0).trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(screen.rowText(1).trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(screen.rowText(2).hasPrefix(" Title"))
    }

    @Test("the selection shows and no row is blank below the last item, whatever the viewport's height", arguments: [0, 1, 3, 50])
    func selectionOnScreen(height: Int) {
        for selection in [0, 5, 11] {
            var rowsDrawn = ListViewport()
            let screen = drawn(rows: 5, columns: 30) { area, canvas in
                rowsDrawn = Self.view(ListViewport(count: 12, height: height, selection: selection)).render(in: area, on: canvas)
            }
            #expect(rowsDrawn.visibleRange.contains(selection))
            #expect(rowsDrawn.visibleRange.count == 4)
            let selected = 1 + rowsDrawn.selectedRow
            #expect(screen.cell(row: selected, column: 0).style == .reverse)
            #expect(screen.rowText(4).contains(Self.films[rowsDrawn.visibleRange.last!].year))
        }
    }

    @Test("with an id, a state that never sets a height scrolls as little as the selection needs")
    func stableScroll() {
        let screen = HeadlessScreen(size: Size(rows: 5, columns: 30))
        var offsets: [Int] = []
        var viewport = ListViewport(count: 12)
        screen.frame { canvas in Self.view(viewport, id: "films").render(in: Rect(size: canvas.size), on: canvas) }
        let moves: [ListMove] = [.down, .down, .down, .down, .down, .up, .up, .up, .up, .up, .end, .up, .home]
        for move in moves {
            viewport.apply(move)
            screen.frame { canvas in
                offsets.append(Self.view(viewport, id: "films").render(in: Rect(size: canvas.size), on: canvas).offset)
            }
        }
        // Down to 5 scrolls by 2; up to 0 leaves the offset until the selection reaches the top.
        #expect(offsets == [0, 0, 0, 1, 2, 2, 2, 2, 1, 0, 8, 8, 0])
    }

    @Test("without an id, a viewport of height 0 scrolls from the selection (the list follows it)")
    func withoutMemory() {
        let screen = HeadlessScreen(size: Size(rows: 5, columns: 30))
        let offset = { (selection: Int) -> Int in
            var drawn = ListViewport()
            screen.frame { canvas in
                drawn = Self.view(ListViewport(count: 12, selection: selection)).render(in: Rect(size: canvas.size), on: canvas)
            }
            return drawn.offset
        }
        #expect([5, 4, 3].map(offset) == [5, 4, 3])
    }

    @Test("a viewport whose height is the body's scrolls from its own offset: Page Down keeps the selected row")
    func heightInSync() {
        let screen = HeadlessScreen(size: Size(rows: 5, columns: 30))
        var viewport = ListViewport(count: 12, height: Table.bodyRows(in: Rect(size: screen.size)))
        #expect(viewport.height == 4)
        viewport.moveDown()
        var offsets: [Int] = []
        for move in [ListMove.pageDown, .pageDown, .pageUp] {
            viewport.apply(move)
            screen.frame { canvas in
                offsets.append(Self.view(viewport, id: "films").render(in: Rect(size: canvas.size), on: canvas).offset)
            }
        }
        #expect(offsets == [4, 8, 4])
        #expect(viewport.selection == 5)
    }

    @Test("the memory is the screen's, shared by areas, and forgotten after a frame without the table")
    func memory() {
        let screen = HeadlessScreen(size: Size(rows: 8, columns: 30))
        let area = Rect(row: 3, column: 2, rows: 5, columns: 20)
        screen.frame { canvas in
            Self.view(ListViewport(count: 12, selection: 6), id: "films").render(in: Rect(row: 0, column: 0, rows: area.rows, columns: area.columns), on: canvas.area(area))
        }
        // The first frame has no memory yet: it scrolls from the state's offset.
        #expect(screen.scrollMemory?.offset(for: "films") == 6)
        screen.frame { _ in }
        #expect(screen.scrollMemory?.offset(for: "films") == 6)
        screen.frame { _ in }
        #expect(screen.scrollMemory?.offset(for: "films") == nil)
    }

    @Test("columns are laid out at the width left after the scrollbar, which is drawn")
    func scrollbar() {
        let screen = drawn(rows: 4, columns: 30) { area, canvas in
            Self.view(ListViewport(count: 12)).render(in: area, on: canvas)
        }
        let layout = Self.table.layout(width: 29)
        #expect(screen.cell(row: 1, column: 29).text == "┃")
        #expect(screen.cell(row: 3, column: 29).text == "│")
        #expect(screen.cell(row: 0, column: 29).text == " ")
        #expect(screen.rowText(0).hasPrefix(" Title" + String(repeating: " ", count: layout.starts[1] - 6) + "Year"))
        // All the items fit: no scrollbar, the whole width for the columns.
        let short = drawn(rows: 4, columns: 30) { area, canvas in
            Self.view(ListViewport(count: 2), items: Array(Self.films.prefix(2))).render(in: area, on: canvas)
        }
        #expect(short.rowText(1).hasSuffix("1990"))
    }

    @Test("a cell's style shows on plain rows and its colour over the highlight; drawn cells stay in their column")
    func cellStyles() {
        let screen = drawn(rows: 5, columns: 80) { area, canvas in
            Self.view(ListViewport(count: 12, height: 4, selection: 2)).render(in: area, on: canvas)
        }
        let layout = Self.table.layout(width: 79)
        let yearColumn = layout.starts[1]
        #expect(screen.cell(row: 3, column: yearColumn).style == Style(.reverse, foreground: .red))
        #expect(screen.cell(row: 3, column: 0).style == .reverse)
        let plain = drawn(rows: 5, columns: 80) { area, canvas in
            Self.view(ListViewport(count: 12, selection: 0)).render(in: area, on: canvas)
        }
        #expect(plain.cell(row: 3, column: yearColumn).style == Style(foreground: .red))
        // The progress column ends where its width does: the next cell is blank.
        let end = layout.starts[2] + layout.widths[2]
        #expect(layout.shows(2))
        #expect(plain.cell(row: 4, column: end).text == " ")
        #expect(plain.cell(row: 4, column: end - 1).text != " ")
    }

    @Test("with an identity, a Down key draws the two rows that changed")
    func retainedRows() {
        let screen = HeadlessScreen(size: Size(rows: 8, columns: 40))
        var viewport = ListViewport(count: 12)
        let frame = {
            screen.frame { canvas in
                Self.view(viewport, id: "films").render(in: Rect(size: canvas.size), on: canvas, identity: { $0 })
            }
        }
        frame()
        let full = screen.text
        viewport.moveDown()
        frame()
        #expect(screen.lastFrame.rowsDrawn == 2)
        viewport.moveUp()
        frame()
        #expect(screen.text == full)
    }
}
