import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Status line")
struct StatusLineTests {
    @Test("positions read with thousands separators, and a + while the total is unknown", arguments: [
        (PositionText(187, of: 5000), "187 / 5,000"), (PositionText(187, of: 250, isTotalKnown: false), "187 / 250+"),
        (PositionText(1, of: 1_234_567), "1 / 1,234,567"), (PositionText(0, of: 0), "0 / 0"),
        (PositionText(1000, of: 100_000), "1,000 / 100,000"),
    ])
    func position(text: PositionText, expected: String) {
        #expect(text.text == expected)
    }

    @Test("a status line matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let line = StatusLine(left: " Spindle  “日本語のタイトル”", right: PositionText(187, of: 250, isTotalKnown: false).text + " ",
                              style: Style(.bold, foreground: .black, background: .cyan))
        let screen = drawn(rows: 1, columns: size.columns) { area, canvas in line.render(in: area, on: canvas) }
        expectSnapshot(screen, named: "status-\(size.name)")
    }
}
