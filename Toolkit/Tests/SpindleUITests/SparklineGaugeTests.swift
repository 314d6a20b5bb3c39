import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Sparkline and Gauge")
struct SparklineGaugeTests {
    let values: [Double] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 5, 3, 1, 0.01, 0, 12, .nan, -4]

    @Test("a sparkline matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func sparkline(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in
            Sparkline(values, maximum: 8).render(in: area.splitBottom(rows: 2).bottom, on: canvas)
        }
        expectSnapshot(screen, named: "sparkline-\(size.name)")
    }

    @Test("one row: eighths, scaled to the largest value when no maximum is given; the latest at the right")
    func oneRow() {
        let screen = drawn(rows: 1, columns: 12) { area, canvas in Sparkline([0, 1, 2, 3, 4, 5, 6, 7, 8]).render(in: area, on: canvas) }
        #expect(screen.rowText(0) == "    ▁▂▃▄▅▆▇█")
        let cut = drawn(rows: 1, columns: 3) { area, canvas in Sparkline([8, 8, 8, 0, 4, 8] as [Int], maximum: 8).render(in: area, on: canvas) }
        #expect(cut.rowText(0) == " ▄█")
        let zeros = drawn(rows: 1, columns: 3) { area, canvas in Sparkline([0, 0] as [Int]).render(in: area, on: canvas) }
        #expect(zeros.rowText(0) == "")
        #expect(cut.cell(row: 0, column: 2).style == SparklineStyles().bar)
    }

    @Test("a 0x0 area draws nothing")
    func empty() {
        let screen = drawn(rows: 1, columns: 1) { _, canvas in
            canvas.fill(Rect(row: 0, column: 0, rows: 1, columns: 1), with: "x", style: .plain)
            Sparkline([1, 2]).render(in: Rect(row: 0, column: 0, rows: 0, columns: 0), on: canvas)
            Gauge(fraction: 1).render(in: Rect(row: 0, column: 0, rows: 0, columns: 0), on: canvas)
        }
        #expect(screen.text == "x")
    }

    @Test("a gauge matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func gauge(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: size.rows, columns: size.columns) { area, canvas in
            let rows = area.split(.vertical, [.length(1), .length(1), .length(3)], spacing: 1)
            Gauge(fraction: 0.42).render(in: rows[0], on: canvas)
            Gauge(fraction: 1, label: "Scanning 1,200 of 1,200").render(in: rows[1], on: canvas)
            Gauge(fraction: 0.05).render(in: rows[2], on: canvas)
        }
        expectSnapshot(screen, named: "gauge-\(size.name)")
    }

    @Test("the label takes the filled style over the filled part and the rest style over the rest")
    func gaugeStyles() {
        let screen = drawn(rows: 1, columns: 10) { area, canvas in Gauge(fraction: 0.5).render(in: area, on: canvas) }
        #expect(screen.rowText(0) == "   50%")
        #expect(screen.cell(row: 0, column: 4).style == .reverse)
        #expect(screen.cell(row: 0, column: 4).text == "0")
        #expect(screen.cell(row: 0, column: 5).style == .plain)
        #expect((0..<5).allSatisfy { screen.cell(row: 0, column: $0).style == .reverse })
        let empty = drawn(rows: 1, columns: 4) { area, canvas in Gauge(fraction: .nan).render(in: area, on: canvas) }
        #expect((0..<4).allSatisfy { empty.cell(row: 0, column: $0).style == .plain })
        let full = drawn(rows: 1, columns: 4) { area, canvas in Gauge(fraction: 7).render(in: area, on: canvas) }
        #expect(full.rowText(0) == "100%")
        #expect((0..<4).allSatisfy { full.cell(row: 0, column: $0).style == .reverse })
    }
}
