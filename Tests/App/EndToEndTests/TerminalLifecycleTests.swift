import Foundation
import Testing

/// The real binary in a real terminal (tmux): whatever ends it, the terminal is given back.
@Suite("Terminal lifecycle, end to end")
struct TerminalLifecycleTests {
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case quitKey, controlC, sigterm, sighup, trap, abort, segv
        var testDescription: String { rawValue }

        var arguments: String {
            switch self {
            case .trap: return "--key-echo --debug-crash trap"
            case .abort: return "--key-echo --debug-crash abort"
            case .segv: return "--key-echo --debug-crash segv"
            default: return "--key-echo"
            }
        }

        /// The exit statuses that are honest for this ending.
        var expectedStatuses: Set<Int> {
            switch self {
            case .quitKey, .controlC: return [0]
            case .sigterm: return [128 + 15]
            case .sighup: return [128 + 1]
            case .trap: return [128 + 4, 128 + 5]  // SIGILL on x86_64, SIGTRAP on arm64
            case .abort: return [128 + 6]
            case .segv: return [128 + 11]
            }
        }

        func end(_ run: AppRun) async throws {
            switch self {
            case .quitKey: try run.session.send("q")
            case .controlC: try run.session.send("C-c")
            case .sigterm: kill(try await run.pid(), SIGTERM)
            case .sighup: kill(try await run.pid(), SIGHUP)
            case .trap, .abort, .segv: try run.session.send("!", literal: true)
            }
        }
    }

    @Test("the terminal is restored and the exit status is honest", arguments: Ending.allCases)
    func ending(_ ending: Ending) async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: ending.arguments)
        try await session.waitForScreen(containing: "Spindle key echo")
        #expect(try session.pane("alternate_on") == "1")
        try await ending.end(run)
        let status = try await run.exitStatus()
        #expect(ending.expectedStatuses.contains(status), "exit status \(status)")
        try await run.expectTerminalRestored()
    }

    @Test("keys are decoded and named, and a resize shows the new size")
    func keysAndResize() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--key-echo")
        try await session.waitForScreen(containing: "key echo  80x24")
        try session.send("Down", "PageUp", "F5", "BTab", "C-a", "Escape")
        // Esc then a key at once is an Alt chord: the characters come once the Esc has arrived.
        try await session.waitForScreen(containing: "escape")
        try session.send("é日", literal: true)
        let screen = try await session.waitForScreen(containing: "日")
        for name in ["Down", "PageUp", "F5", "Shift+Tab", "Ctrl+A", "Esc", "é"] {
            #expect(screen.contains(name), "missing \(name) in:\n\(screen)")
        }
        try session.resize(columns: 100, rows: 30)
        try await session.waitForScreen(containing: "key echo  100x30")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("invalid UTF-8 from the keyboard (a lone 0xff, a cut-off sequence) ends nothing: the next key still arrives")
    func invalidBytesEndNothing() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--key-echo")
        try await session.waitForScreen(containing: "key echo  80x24")
        for bytes in [["ff"], ["c3"], ["e2", "82"], ["80"]] {
            try session.tmux(["send-keys", "-t", "main", "-H"] + bytes)
        }
        try session.send("Down")
        try await session.waitForScreen(containing: "Down")
        // An invalid byte and a key in the same read (0xff, then Up as the terminal sends it):
        // the key must not wait in ncurses' buffer for the next byte to come.
        try session.tmux(["send-keys", "-t", "main", "-H", "ff", "1b", "4f", "41"])
        try await session.waitForScreen(containing: "Up")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("Alt+Backspace and Alt+b arrive as Alt chords; a lone Esc is still Esc")
    func altChords() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--key-echo")
        try await session.waitForScreen(containing: "key echo  80x24")
        try session.send("M-BSpace")
        try await session.waitForScreen(containing: "Alt+Backspace")
        try session.send("M-b")
        try await session.waitForScreen(containing: "Alt+b")
        try session.send("Escape")
        try await session.waitForScreen(containing: "Esc")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("TERM=dumb is refused with one line and a non-zero exit, before anything is drawn")
    func dumbTerminalRefused() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let dir = session.directory.path
        try session.send("clear; stty -g > \(dir)/before; TERM=dumb \(AppRun.binary); echo status=$?; stty -g > \(dir)/after",
                         literal: true)
        try session.send("Enter")
        let screen = try await session.waitForScreen { Self.exitStatusShown($0) }
        #expect(screen.contains("status=1"))
        #expect(screen.contains("spindle: terminal type \"dumb\" cannot move the cursor"))
        // One line of error (the pane wraps it at 80 columns) and nothing of the app's screen.
        #expect(!screen.contains("loaded") && !screen.contains("Title"))
        #expect(try await session.waitForFile("after") == session.waitForFile("before"))
    }

    @Test("a terminal without an alternate screen (vt100) is cleared on the way out")
    func clearedWithoutAlternateScreen() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        try session.send("clear; TERM=vt100 \(AppRun.binary) --latency 0; echo status=$?", literal: true)
        try session.send("Enter")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("q")
        let screen = try await session.waitForScreen { Self.exitStatusShown($0) }
        #expect(screen.contains("status=0"))
        // (The header may scroll away under the prompt; the titles in the middle would not.)
        #expect(!screen.contains("Shadow of Bogot"), "the list stayed on screen:\n\(screen)")
    }

    @Test("Ctrl+Z suspends to the shell and fg restores and redraws")
    func suspendAndResume() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let dir = session.directory.path
        // Plain job control: the app itself is the job, so `fg` brings it back.
        try session.send("stty -g > \(dir)/before; \(AppRun.binary) --key-echo", literal: true)
        try session.send("Enter")
        try await session.waitForScreen(containing: "Spindle key echo")
        try session.send("Down")
        try await session.waitForScreen(containing: "down")
        try session.send("C-z")
        try await session.waitForScreen(containing: "Stopped")
        #expect(try session.pane("alternate_on") == "0")
        #expect(try session.pane("cursor_flag") == "1")
        #expect(try session.pane("mouse_any_flag") == "0", "mouse reports would go to the shell")
        try session.send("stty -g > \(dir)/during; fg", literal: true)
        try session.send("Enter")
        let screen = try await session.waitForScreen { $0.contains("Spindle key echo") && $0.contains("down") }
        #expect(!screen.contains("Stopped"))
        #expect(try session.pane("alternate_on") == "1")
        #expect(try session.pane("mouse_sgr_flag") == "1")
        let before = try await session.waitForFile("before")
        #expect(try await session.waitForFile("during") == before)
        try session.send("q")
        // Type only once the app has gone: keys sent while it is still quitting are its keys.
        try await session.waitForScreen { !$0.contains("Spindle key echo") }
        try session.send("stty -g > \(dir)/after", literal: true)
        try session.send("Enter")
        #expect(try await session.waitForFile("after") == before)
    }

    @Test("without a terminal on stdout it uses /dev/tty")
    func redirectedOutput() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--key-echo > \(session.directory.path)/out.txt")
        try await session.waitForScreen(containing: "Spindle key echo")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    /// Whether the shell has printed "status=N" (the typed command itself shows "status=$?").
    static func exitStatusShown(_ screen: String) -> Bool {
        screen.contains(/status=[0-9]/)
    }
}
