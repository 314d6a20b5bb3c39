import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("List view")
struct ListViewTests {
    let titles = (1...40).map { "Title number \($0)" } + ["日本語のタイトル", "Rocket 🚀 Summer"]

    func render(_ viewport: ListViewport, hasMore: Bool = false, in area: Rect, on canvas: any Canvas) {
        ListView(items: titles, viewport: viewport, hasMore: hasMore).render(in: area, on: canvas) { row, canvas in
            canvas.put(row.item, row: row.rect.row, column: row.rect.column + 1, style: row.style, width: row.rect.columns - 1)
        }
    }

    @Test("a scrolled list matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        var viewport = ListViewport(count: titles.count, height: size.rows)
        viewport.moveEnd()
        viewport.moveUp()
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in
            render(viewport, hasMore: true, in: area, on: canvas)
        }
        expectSnapshot(screen, named: "list-\(size.name)")
    }

    @Test("rows are drawn only for the visible items, and the highlight spans the row")
    func visibleOnly() {
        var visited: [Int] = []
        let viewport = ListViewport(count: titles.count, height: 3, selection: 1)
        let screen = drawn(rows: 5, columns: 20) { area, canvas in
            ListView(items: titles, viewport: viewport, showsScrollbar: false).render(in: area.splitTop(rows: 3).top, on: canvas) { row, _ in
                visited.append(row.index)
            }
        }
        #expect(visited == [0, 1, 2])
        #expect(screen.cell(row: 1, column: 19).style == .reverse)
        #expect(screen.cell(row: 0, column: 19).style == .plain)
    }

    @Test("a window of a longer list draws the positions it holds and no other, and the scrollbar counts the whole list")
    func window() {
        // Positions 93..<100 of a list of 100 are loaded; the viewport, 10 rows at the end, starts at 90.
        let window = Window(start: 93, titles: (93 ..< 100).map { "Title \($0)" })
        let viewport = ListViewport(count: 100, height: 10, selection: 99, offset: 93)
        #expect(viewport.offset == 90)
        var visited: [Int] = []
        let view = ListView(items: window, viewport: viewport)
        let screen = drawn(rows: 10, columns: 20) { area, canvas in
            view.render(in: area, on: canvas) { row, canvas in
                visited.append(row.index)
                canvas.put(row.item, row: row.rect.row, column: row.rect.column, style: row.style, width: row.rect.columns)
            }
        }
        #expect(visited == Array(93 ..< 100))
        #expect(screen.rowText(0).hasPrefix("Title 93"))
        #expect(view.hasScrollbar(in: Rect(row: 0, column: 0, rows: 10, columns: 20)))
    }

    /// Titles at positions `start...` of a list, as a list that loads a window of a long one holds them.
    struct Window: RandomAccessCollection {
        let start: Int
        let titles: [String]
        var startIndex: Int { start }
        var endIndex: Int { start + titles.count }
        subscript(index: Int) -> String { titles[index - start] }
    }

    @Test("no scrollbar when every item fits and no more are coming")
    func noScrollbar() {
        let list = ListView(items: ["a", "b"], viewport: ListViewport(count: 2, height: 5))
        #expect(!list.hasScrollbar(in: Rect(row: 0, column: 0, rows: 5, columns: 10)))
    }

    @Test("the scrollbar's thumb is at the top at the start and at the bottom at the end")
    func thumb() {
        #expect(Scrollbar(offset: 0, visible: 10, count: 100).thumb(height: 10) == 0..<1)
        #expect(Scrollbar(offset: 90, visible: 10, count: 100).thumb(height: 10) == 9..<10)
        #expect(Scrollbar(offset: 1, visible: 10, count: 100).thumb(height: 10) == 1..<2)
        #expect(Scrollbar(offset: 0, visible: 10, count: 20).thumb(height: 10) == 0..<5)
        #expect(Scrollbar(offset: 0, visible: 10, count: 5).thumb(height: 10) == 0..<10)
        #expect(Scrollbar(offset: 0, visible: 1, count: 5).thumb(height: 1) == 0..<1)
    }

    @Test("scrollbars at the start, in the middle, at the end and with more to come match their snapshot")
    func scrollbars() {
        let bars = [Scrollbar(offset: 0, visible: 6, count: 18), Scrollbar(offset: 6, visible: 6, count: 18),
                    Scrollbar(offset: 12, visible: 6, count: 18), Scrollbar(offset: 6, visible: 6, count: 18, hasMore: true)]
        let screen = drawn(rows: 6, columns: 8) { area, canvas in
            for (index, bar) in bars.enumerated() {
                bar.render(in: Rect(row: area.row, column: area.column + 1 + 2 * index, rows: area.rows, columns: 1), on: canvas)
            }
        }
        expectSnapshot(screen, named: "scrollbar-positions")
    }
}
