import Testing
import TerminalTesting
@testable import Terminal

@Suite("Headless screen")
struct HeadlessScreenTests {
    /// A small list screen drawn through the Canvas API only, as an app would.
    func drawList(on screen: HeadlessScreen, selected: Int) {
        let titles = [
            "The Long Way Home", "Café de Flore", "日本語のタイトル：長い夜の物語", "Rocket 🚀 Summer",
            "Hostile \u{1B}[2J\u{1B}]0;pwned\u{7} title", "Ze\u{301}phyr", "A very long title that will certainly not fit in a narrow column at all",
        ]
        screen.frame { canvas in
            canvas.putRow(" Spindle  \(titles.count) titles", row: 0, style: Style(.bold, foreground: .black, background: .cyan))
            for (index, title) in titles.enumerated() {
                let row = index + 2
                let style: Style = index == selected ? .reverse : .plain
                let titleWidth = max(canvas.size.columns - 8, 1)
                canvas.putRow("", row: row, style: style)
                canvas.put(title, row: row, column: 1, style: style, width: titleWidth - 1)
                canvas.put("1999", row: row, column: titleWidth + 2, style: style, width: 4)
            }
            canvas.putRow(" ↑↓ move  / search  q quit", row: canvas.size.rows - 1, style: .dim)
        }
    }

    @Test("a list at 40x12 matches its snapshot")
    func list40() {
        let screen = HeadlessScreen(size: Size(rows: 12, columns: 40))
        drawList(on: screen, selected: 2)
        expectSnapshot(screen, named: "list-40x12")
    }

    @Test("a list at 80x24 matches its snapshot")
    func list80() {
        let screen = HeadlessScreen(size: Size(rows: 24, columns: 80))
        drawList(on: screen, selected: 4)
        expectSnapshot(screen, named: "list-80x24")
    }

    @Test("wide characters take two cells and are never split at the edge")
    func wideAtEdge() {
        let screen = HeadlessScreen(size: Size(rows: 1, columns: 5))
        screen.frame { $0.put("日本語", row: 0, column: 0, style: .plain, width: nil, ellipsis: false) }
        #expect(screen.text == "日本")
        #expect(screen.cell(row: 0, column: 1).text == "")
        #expect(screen.cell(row: 0, column: 4).text == " ")
    }

    @Test("overwriting half of a wide character blanks its other half")
    func overwriteHalf() {
        let screen = HeadlessScreen(size: Size(rows: 1, columns: 6))
        screen.frame { canvas in
            canvas.put("日本語", row: 0, column: 0)
            canvas.put("x", row: 0, column: 3)
        }
        #expect(screen.text == "日 x語")  // 本 lost its right half to x
    }

    @Test("drawing is clipped to the screen")
    func clipping() {
        let screen = HeadlessScreen(size: Size(rows: 2, columns: 4))
        screen.frame { canvas in
            canvas.put("abcdef", row: 0, column: 2, style: .plain, width: nil, ellipsis: false)
            canvas.put("hidden", row: 5, column: 0)
            canvas.put("xyz", row: 1, column: -1)
            canvas.fill(Rect(row: -3, column: 3, rows: 10, columns: 10), with: "#", style: .plain)
        }
        #expect(screen.text == "  a#\nyz #")
    }

    @Test("injected keys and resizes come back from nextEvents; the waker wakes")
    func input() {
        let screen = HeadlessScreen(size: Size(rows: 24, columns: 80))
        screen.inject(.key(.down))
        screen.inject(.paste("a b"))
        screen.resize(to: Size(rows: 12, columns: 40))
        #expect(screen.nextEvents(timeout: nil) == [.input(.key(.down)), .input(.paste("a b")),
                                                    .input(.resize(Size(rows: 12, columns: 40)))])
        #expect(screen.nextEvents(timeout: nil) == [])
        screen.waker.wake()
        screen.waker.wake()
        #expect(screen.nextEvents(timeout: nil) == [.wake])
        #expect(screen.size == Size(rows: 12, columns: 40))
    }

    @Test("the cursor shows in the styled text")
    func cursor() {
        let screen = HeadlessScreen(size: Size(rows: 1, columns: 10))
        screen.frame { canvas in
            canvas.put("/query", row: 0, column: 0)
            canvas.cursor = Position(row: 0, column: 6)
        }
        #expect(screen.styledText == "/query▏")
    }

    @Test("each frame starts without a cursor: one frame's text cursor does not linger in the next")
    func cursorDoesNotLinger() {
        let screen = HeadlessScreen(size: Size(rows: 3, columns: 10))
        screen.frame { $0.cursor = Position(row: 1, column: 4) }
        #expect(screen.cursor == Position(row: 1, column: 4))
        screen.frame { $0.put("list", row: 0, column: 0) }
        #expect(screen.cursor == nil)
    }
}
