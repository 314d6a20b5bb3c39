import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Progress bar")
struct ProgressBarTests {
    let markers: [ProgressMarker] = [.intro(0.02...0.1), .credits(at: 0.9)]

    @Test("a bar with an intro and credits matches its snapshots at a normal, a narrow and a 1x1 area", arguments: widgetSizes)
    func snapshots(size: (name: String, rows: Int, columns: Int)) {
        let screen = drawn(rows: 1, columns: size.columns) { area, canvas in
            ProgressBar(fraction: 0.4, markers: markers).render(in: area, on: canvas)
        }
        expectSnapshot(screen, named: "progress-\(size.name)")
    }

    @Test("the fraction is clamped and NaN counts as the start", arguments: [
        (-1.0, 0), (0.0, 0), (0.5, 5), (1.0, 9), (7.0, 9), (Double.nan, 0), (Double.infinity, 9),
    ])
    func clamped(fraction: Double, cell: Int) {
        #expect(ProgressBar(fraction: fraction).cell(for: fraction, width: 10) == cell)
    }

    @Test("the knob wins over markers, and a point marker over a range")
    func precedence() {
        let screen = drawn(rows: 1, columns: 10) { area, canvas in
            ProgressBar(fraction: 0.0, markers: [.intro(0...0.3), .credits(at: 0.2)]).render(in: area, on: canvas)
        }
        #expect(screen.rowText(0) == "●═┃═──────")
    }
}
