import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Tabs")
struct TabsTests {
    let titles = ["Details", "Cast", "Files", "Reviews", "日本語"]

    @Test("tabs match their snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let tabs = Tabs(titles, selected: 2)
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in tabs.render(in: area, on: canvas) }
        expectSnapshot(screen, named: "tabs-\(size.name)")
    }

    @Test("select clamps; next and previous wrap")
    func selection() {
        var tabs = Tabs(titles, selected: 9)
        #expect(tabs.selected == 4)
        tabs.next()
        #expect(tabs.selected == 0)
        tabs.previous()
        #expect(tabs.selected == 4)
        tabs.select(-3)
        #expect(tabs.selected == 0)
        var none = Tabs([])
        none.next()
        none.previous()
        #expect(none.selected == 0)
    }

    @Test("when the titles do not fit, the selected one stays in view with marks for the hidden ones",
          arguments: [(0, "Details │ Cast   ›"), (2, "‹Cast │ Files    ›"), (4, "‹Reviews │ 日本語"), (3, "‹Files │ Reviews ›")])
    func scrolling(selected: Int, expected: String) {
        let tabs = Tabs(titles, selected: selected)
        let screen = drawn(rows: 1, columns: 18) { area, canvas in tabs.render(in: area, on: canvas) }
        #expect(screen.rowText(0) == expected)
    }

    @Test("the selected title is highlighted; a title wider than the strip is cut; a 0x0 area draws nothing")
    func styles() {
        let tabs = Tabs(["A", "Bb"], selected: 1)
        let screen = drawn(rows: 1, columns: 10) { area, canvas in tabs.render(in: area, on: canvas) }
        #expect(screen.rowText(0) == "A │ Bb")
        #expect(screen.cell(row: 0, column: 4).style == .reverse)
        #expect(screen.cell(row: 0, column: 0).style == .plain)
        #expect(screen.cell(row: 0, column: 2).style == .dim)
        let wide = drawn(rows: 1, columns: 6) { area, canvas in Tabs(["Short", "A very long title"], selected: 1).render(in: area, on: canvas) }
        #expect(wide.rowText(0) == "‹A ve…")
        let empty = drawn(rows: 1, columns: 1) { _, canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 1, columns: 1), with: "x", style: .plain)
            tabs.render(in: Rect(row: 0, column: 0, rows: 0, columns: 0), on: canvas)
        }
        #expect(empty.text == "x")
    }
}
