import SpindleUI
import Terminal
import TerminalTesting
import Testing

@Suite("Loading spinner")
struct SpinnerTests {
    @Test("the frame for a tick wraps around, for negative ticks too")
    func frames() {
        let spinner = LoadingSpinner(frames: ["a", "b", "c"])
        #expect((0..<7).map(spinner.frame(forTick:)) == ["a", "b", "c", "a", "b", "c", "a"])
        #expect(spinner.frame(forTick: -1) == "c")
        #expect(LoadingSpinner(frames: []).frame(forTick: 3) == " ")
    }

    @Test("the frame after a time follows the interval")
    func afterTime() {
        let spinner = LoadingSpinner.braille
        #expect(spinner.frame(after: .zero) == "⠋")
        #expect(spinner.frame(after: .milliseconds(250)) == "⠹")
        #expect(spinner.frame(after: .seconds(1)) == "⠋")
    }

    @Test("the braille and the line spinners, a tick a row, match their snapshot")
    func snapshot() {
        let screen = drawn(rows: 4, columns: 16) { area, canvas in
            for tick in 0..<area.rows {
                canvas.put(LoadingSpinner.braille.frame(forTick: tick) + " Loading…", row: tick, column: 1, style: .dim)
                canvas.put(LoadingSpinner.line.frame(forTick: tick), row: tick, column: 13, style: .plain)
            }
        }
        expectSnapshot(screen, named: "spinner-ticks")
    }
}
