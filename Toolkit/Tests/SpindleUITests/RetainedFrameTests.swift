import SpindleUI
import Terminal
import Testing

/// A screen that keeps its rows between frames must show exactly what a screen drawing every
/// frame from nothing shows, while drawing only the rows that changed.
@Suite("Frames keep the rows that did not change")
struct RetainedFrameTests {
    let titles = (1...500).map { "Title number \($0)" } + ["日本語のタイトル", "Rocket 🚀 Summer"]

    /// A list screen: a header, the keyed list, a footer with the position; `overlay` draws a box
    /// over the middle, as a help screen does.
    func draw(_ viewport: ListViewport, overlay: Bool = false, on canvas: any Canvas) {
        let area = Rect(size: canvas.size)
        let (header, rest) = area.splitTop(rows: 1)
        let (body, footer) = rest.splitBottom(rows: 1)
        StatusLine(left: " Titles", right: "\(titles.count) ", style: .bold).render(in: header, on: canvas)
        ListView(items: titles, viewport: viewport, hasMore: true).render(in: body, on: canvas, identity: { $0.item }) { row, canvas in
            canvas.put(row.item, row: row.rect.row, column: row.rect.column + 1, style: row.style, width: row.rect.columns - 1)
        }
        StatusLine(left: " q quit", right: PositionText(viewport.selection + 1, of: titles.count).text + " ", style: .dim)
            .render(in: footer, on: canvas)
        if overlay {
            canvas.fill(Rect(row: 3, column: 10, rows: 4, columns: 30), with: " ", style: .reverse)
            canvas.put("Help", row: 4, column: 12, style: .reverse)
        }
    }

    func fresh(_ viewport: ListViewport, overlay: Bool = false, size: Size) -> HeadlessScreen {
        let screen = HeadlessScreen(size: size)
        screen.frame { draw(viewport, overlay: overlay, on: $0) }
        return screen
    }

    @Test("a Down key within the page draws the two rows whose highlight moved and the footer, nothing else")
    func downWithinPage() {
        let size = Size(rows: 24, columns: 80)
        let screen = HeadlessScreen(size: size)
        var viewport = ListViewport(count: titles.count, height: 22, selection: 3)
        screen.frame { draw(viewport, on: $0) }
        #expect(screen.lastFrame.rowsDrawn == 24)
        viewport.moveDown()
        screen.frame { draw(viewport, on: $0) }
        #expect(screen.lastFrame.rowsDrawn == 3)
        #expect(screen.lastFrame.rowsKept == 21)
        #expect(screen.styledText == fresh(viewport, size: size).styledText)
    }

    @Test("a Down key that scrolls moves the rows and draws only the two that changed and the footer")
    func downScrolling() {
        let size = Size(rows: 24, columns: 80)
        let screen = HeadlessScreen(size: size)
        // 502 items on 22 rows: the thumb stays on the first row for these presses.
        var viewport = ListViewport(count: titles.count, height: 22, selection: 21)
        screen.frame { draw(viewport, on: $0) }
        viewport.moveDown()
        screen.frame { draw(viewport, on: $0) }
        #expect(viewport.offset == 1)
        #expect(screen.styledText == fresh(viewport, size: size).styledText)
        viewport.moveDown()
        screen.frame { draw(viewport, on: $0) }
        #expect(screen.lastFrame.rowsShifted == 21)
        #expect(screen.lastFrame.rowsDrawn == 3)
        #expect(screen.styledText == fresh(viewport, size: size).styledText)
    }

    @Test("any sequence of moves, overlays and resizes shows what a frame drawn from nothing shows")
    func sameAsFresh() {
        var size = Size(rows: 24, columns: 80)
        let screen = HeadlessScreen(size: size)
        var viewport = ListViewport(count: titles.count, height: size.rows - 2)
        var generator = SplitMix(seed: 28)
        for step in 0..<400 {
            let overlay = step % 37 > 30
            switch generator.next() % 12 {
            case 0: viewport.apply(.pageDown)
            case 1: viewport.apply(.pageUp)
            case 2: viewport.apply(.end)
            case 3: viewport.apply(.home)
            case 4, 5, 6: viewport.apply(.up)
            case 7 where step % 50 == 7:
                size = Size(rows: 10 + Int(generator.next() % 30), columns: 20 + Int(generator.next() % 100))
                screen.resize(to: size)
                viewport.height = size.rows - 2
            default: viewport.apply(.down)
            }
            screen.frame { draw(viewport, overlay: overlay, on: $0) }
            #expect(screen.styledText == fresh(viewport, overlay: overlay, size: size).styledText, "step \(step)")
        }
    }

    @Test("rows nothing draws any more are cleared; an area beside others is correct but not kept")
    func clearedAndAreas() {
        let screen = HeadlessScreen(size: Size(rows: 4, columns: 20))
        screen.frame { canvas in
            canvas.put("one", row: 0, column: 0)
            StatusLine(left: "kept").render(in: Rect(row: 1, column: 0, rows: 1, columns: 20), on: canvas)
            StatusLine(left: "half").render(in: Rect(row: 2, column: 0, rows: 1, columns: 10), on: canvas)
            canvas.put("side", row: 2, column: 12)
        }
        screen.frame { canvas in
            StatusLine(left: "kept").render(in: Rect(row: 1, column: 0, rows: 1, columns: 20), on: canvas)
            StatusLine(left: "half").render(in: Rect(row: 2, column: 0, rows: 1, columns: 10), on: canvas)
            canvas.put("side", row: 2, column: 12)
        }
        #expect(screen.text == "\nkept\nhalf        side\n")
        #expect(screen.lastFrame.rowsKept == 1)
        #expect(screen.lastFrame.rowsDrawn == 1)
        #expect(screen.lastFrame.rowsCleared == 1)
    }
}

/// A small deterministic generator, so that a failing sequence can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
