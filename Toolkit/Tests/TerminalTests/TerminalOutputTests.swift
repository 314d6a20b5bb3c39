import Foundation
import Testing
@testable import Terminal

/// The real ncurses screen, writing to a file instead of a terminal (`newterm` on a stream), so
/// that the bytes a frame costs can be counted. ncurses is process-global: one test at a time.
@Suite("ncurses output", .serialized)
struct TerminalOutputTests {
    final class Recorder {
        let output: FileHandle
        /// Reads what ncurses wrote; the file has no name left (unlinked at once), so a recorder
        /// that is never released leaves nothing behind.
        let reader: FileHandle
        let input: FileHandle
        let screen: TerminalScreen
        private var offset = 0

        init(size: Size = Size(rows: 24, columns: 80), mouse: Bool = true) throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("spindle-output-\(UUID().uuidString)")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            output = try FileHandle(forWritingTo: url)
            reader = try FileHandle(forReadingFrom: url)
            try FileManager.default.removeItem(at: url)
            input = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
            screen = try TerminalScreen(options: TerminalOptions(
                device: .streams(input: input.fileDescriptor, output: output.fileDescriptor, type: "xterm-256color", size: size),
                mouse: mouse
            ))
        }

        /// The bytes written since the last call.
        func newBytes() throws -> [UInt8] {
            try reader.seek(toOffset: 0)
            let all = [UInt8](try reader.readToEnd() ?? Data())
            defer { offset = all.count }
            return Array(all[offset...])
        }

        deinit {
            screen.stop()
        }
    }

    static func drawList(on screen: some Screen, selected: Int, titles: [String]) {
        screen.frame { canvas in
            canvas.putRow(" Spindle", row: 0, style: .bold)
            for (index, title) in titles.enumerated() where index + 1 < canvas.size.rows - 1 {
                canvas.putRow(" " + title, row: index + 1, style: index == selected ? .reverse : .plain)
            }
            canvas.putRow(" q quit", row: canvas.size.rows - 1, style: .dim)
        }
    }

    static let titles = (1...30).map { "Title number \($0) (\(1950 + $0))" }

    @Test("moving the highlight down one row writes only the two changed rows; an unchanged frame writes nothing")
    func bytesPerMove() throws {
        let recorder = try Recorder()
        #expect(recorder.screen.size == Size(rows: 24, columns: 80))
        Self.drawList(on: recorder.screen, selected: 3, titles: Self.titles)
        let firstPaint = try recorder.newBytes().count
        Self.drawList(on: recorder.screen, selected: 4, titles: Self.titles)
        let move = try recorder.newBytes().count
        Self.drawList(on: recorder.screen, selected: 4, titles: Self.titles)
        let unchanged = try recorder.newBytes().count
        print("bytes: first paint \(firstPaint), move down \(move), unchanged \(unchanged)")
        #expect(firstPaint > 500)
        #expect(move > 0 && move < 200)
        #expect(unchanged == 0)
    }

    /// A list of keyed rows from `offset`, the selected row highlighted, scrolled as a list
    /// widget scrolls: the screen is told the rows' identities first.
    static func drawKeyedList(on screen: some Screen, offset: Int, selected: Int, titles: [String]) {
        screen.frame { canvas in
            canvas.drawRow(0, identity: RowIdentity("header")) { canvas.putRow(" Spindle", row: 0, style: .bold) }
            let rows = 1..<(canvas.size.rows - 1)
            let shown = rows.map { offset + $0 - 1 }.filter { $0 < titles.count }
            let identities = shown.map { RowIdentity(titles[$0], $0 == selected) }
            canvas.shiftRows(1..<(1 + shown.count), toShow: identities)
            for (position, index) in shown.enumerated() {
                canvas.drawRow(1 + position, identity: identities[position]) {
                    canvas.putRow(" " + titles[index], row: 1 + position, style: index == selected ? .reverse : .plain)
                }
            }
            canvas.putRow(" \(selected + 1) / \(titles.count)", row: canvas.size.rows - 1, style: .dim)
        }
    }

    @Test("kept and moved rows: after scrolling down, up and a page, ncurses holds what a fresh frame shows")
    func keptAndMovedRows() throws {
        let recorder = try Recorder()
        let headless = HeadlessScreen(size: recorder.screen.size)
        let titles = (1...100).map { "Title number \($0)" }
        Self.drawKeyedList(on: recorder.screen, offset: 0, selected: 21, titles: titles)
        _ = try recorder.newBytes()
        var bytesPerScroll: [Int] = []
        for (offset, selected) in [(1, 22), (2, 23), (3, 24), (3, 23), (2, 2), (1, 1), (23, 23), (24, 46), (0, 0)] {
            Self.drawKeyedList(on: recorder.screen, offset: offset, selected: selected, titles: titles)
            bytesPerScroll.append(try recorder.newBytes().count)
            let fresh = HeadlessScreen(size: headless.size)
            Self.drawKeyedList(on: fresh, offset: offset, selected: selected, titles: titles)
            for row in 0..<fresh.size.rows {
                #expect(recorder.screen.windowRowText(row) == fresh.rowText(row), "offset \(offset), row \(row)")
            }
        }
        // Scrolling one row moves the rows (two drawn); the terminal gets a scroll, not 22 rows.
        #expect(recorder.screen.lastFrame.rowsDrawn > 0)
        #expect(bytesPerScroll[0] < 200 && bytesPerScroll[1] < 200)
    }

    /// Each `write` ncurses makes arrives as one packet of a `SOCK_SEQPACKET` socket pair, so the
    /// writes a frame costs can be counted (each one wakes the terminal).
    @Test("a frame goes out in one write: a moved highlight, a scroll and a page")
    func oneWritePerFrame() throws {
        var pair: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
        let screen = try TerminalScreen(options: TerminalOptions(
            device: .streams(input: input.fileDescriptor, output: pair[0], type: "xterm-256color", size: Size(rows: 24, columns: 80))
        ))
        defer { screen.stop() }
        func writes() -> [Int] {
            var sizes: [Int] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(pair[1], &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count <= 0 { return sizes }
                sizes.append(count)
            }
        }
        let titles = (1...100).map { "Title number \($0)" }
        Self.drawKeyedList(on: screen, offset: 0, selected: 20, titles: titles)
        _ = writes()
        for (offset, selected) in [(0, 21), (1, 22), (2, 23), (24, 46)] {
            Self.drawKeyedList(on: screen, offset: offset, selected: selected, titles: titles)
            let sizes = writes()
            #expect(sizes.count == 1, "offset \(offset), selected \(selected): writes of \(sizes) bytes")
        }
    }

    @Test("text from data never reaches the terminal as an escape sequence")
    func hostileText() throws {
        let recorder = try Recorder()
        Self.drawList(on: recorder.screen, selected: 0, titles: ["plain"])
        _ = try recorder.newBytes()
        let hostile = ["evil \u{1B}]0;pwned\u{7} \u{1B}[2J \u{9B}31m done", "日本語 é 🎬"]
        Self.drawList(on: recorder.screen, selected: 0, titles: hostile)
        let bytes = try recorder.newBytes()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}]0;pwned"))
        #expect(!text.contains("\u{1B}[2J"))
        #expect(!bytes.contains(0x07))
        #expect(!text.unicodeScalars.contains("\u{9B}"))
        #expect(text.contains("␛]0;pwned␇"))
        #expect(text.contains("日本語 é 🎬"))   // wide characters go out as UTF-8, not M-C garbage
    }

    @Test("NO_COLOR keeps attributes but draws no color")
    func noColor() throws {
        setenv("NO_COLOR", "1", 1)
        defer { unsetenv("NO_COLOR") }
        let recorder = try Recorder()
        #expect(!recorder.screen.colorsEnabled)
        recorder.screen.frame { $0.put("x", row: 0, column: 0, style: Style(.bold, foreground: .red)) }
        let text = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(!text.contains("\u{1B}[31m") && !text.contains("\u{1B}[38;5;1m"))
        #expect(text.contains("\u{1B}[1m") || text.contains("\u{1B}[0;1m"))
    }

    @Test("colors are used when allowed")
    func colors() throws {
        unsetenv("NO_COLOR")
        let recorder = try Recorder()
        #expect(recorder.screen.colorsEnabled)
        recorder.screen.frame { $0.put("x", row: 0, column: 0, style: Style(foreground: .red)) }
        let text = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(text.contains("\u{1B}[31m") || text.contains("\u{1B}[38;5;1m"))
    }

    @Test("the mode sequences: SGR mouse reports and bracketed paste on; motion (1003) on only when asked, and always off with the mouse")
    func modeSequences() {
        var modes = InputModes(paste: true, mouse: true)
        #expect(modes.enable == "\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h")
        #expect(modes.disable == "\u{1B}[?2004l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?1000l")
        #expect(modes.setMotion(true) == "\u{1B}[?1003h")
        #expect(modes.setMotion(true) == "")
        #expect(modes.enable == "\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?1003h\u{1B}[?2004h")
        #expect(modes.disable == "\u{1B}[?2004l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?1000l")
        #expect(modes.setMotion(false) == "\u{1B}[?1003l")
        #expect(modes.setMotion(false) == "")
        var noMouse = InputModes(paste: true, mouse: false)
        #expect(noMouse.setMotion(true) == "")
        #expect(!noMouse.motion)
        #expect(noMouse.enable == "\u{1B}[?2004h" && noMouse.disable == "\u{1B}[?2004l")
    }

    @Test("motion tracking at run time writes 1003h once when turned on, 1003l when turned off, nothing while unchanged; stop turns it off")
    func motionAtRunTime() throws {
        let recorder = try Recorder()
        let start = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(start.contains("\u{1B}[?1000h\u{1B}[?1006h") && !start.contains("1003"))
        #expect(!recorder.screen.tracksMouseMotion)
        recorder.screen.trackMouseMotion(false)
        #expect(try recorder.newBytes().isEmpty)
        recorder.screen.trackMouseMotion(true)
        #expect(String(decoding: try recorder.newBytes(), as: UTF8.self) == "\u{1B}[?1003h")
        #expect(recorder.screen.tracksMouseMotion)
        recorder.screen.trackMouseMotion(true)
        Self.drawList(on: recorder.screen, selected: 1, titles: Self.titles)
        #expect(!String(decoding: try recorder.newBytes(), as: UTF8.self).contains("1003"))
        recorder.screen.trackMouseMotion(false)
        #expect(String(decoding: try recorder.newBytes(), as: UTF8.self) == "\u{1B}[?1003l")
        recorder.screen.trackMouseMotion(true)
        _ = try recorder.newBytes()
        recorder.screen.stop()
        let exit = String(decoding: try recorder.newBytes(), as: UTF8.self)
        #expect(exit.contains("\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?1000l"))
        recorder.screen.trackMouseMotion(true)
        #expect(try recorder.newBytes().isEmpty, "nothing is written after stop")
    }

    @Test("the exit sequence turns motion off even when it was never on")
    func exitWithoutMotion() throws {
        let recorder = try Recorder()
        _ = try recorder.newBytes()
        recorder.screen.stop()
        #expect(String(decoding: try recorder.newBytes(), as: UTF8.self).contains("\u{1B}[?1003l"))
    }

    @Test("with the mouse off by the user's option, motion stays off whatever the app asks")
    func motionWithoutMouse() throws {
        let recorder = try Recorder(mouse: false)
        _ = try recorder.newBytes()
        recorder.screen.trackMouseMotion(true)
        #expect(try recorder.newBytes().isEmpty)
        #expect(!recorder.screen.tracksMouseMotion)
        recorder.screen.stop()
        #expect(!String(decoding: try recorder.newBytes(), as: UTF8.self).contains("1003"))
    }

    @Test("only one terminal screen at a time")
    func single() throws {
        let recorder = try Recorder()
        #expect(throws: TerminalError.self) { try Recorder() }
        recorder.screen.stop()
        _ = try Recorder()
    }
}
