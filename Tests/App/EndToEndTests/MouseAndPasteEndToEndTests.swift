import Foundation
import Testing

/// Pastes and the mouse in a real terminal: tmux pastes with bracket codes (`paste-buffer -p`)
/// only when the app asked for them, and tmux knows which mouse modes the app turned on.
@Suite("Pastes and the mouse, end to end")
struct MouseAndPasteEndToEndTests {
    /// The footer's "N / M" position.
    static func footer(_ screen: String) -> String {
        String(screen.split(separator: "\n", omittingEmptySubsequences: false).last(where: { !$0.isEmpty }) ?? "")
    }

    @Test("a paste of kyoto⏎q into the search is text: it searches \"kyoto q\" and quits nothing")
    func pasteIsText() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("/")
        try await session.waitForScreen(containing: "Search:")
        try session.tmux(["set-buffer", "kyoto\nq"])
        try session.tmux(["paste-buffer", "-p", "-t", "main"])
        try await session.waitForScreen(containing: "Search: kyoto q")
        try session.send("Escape")
        // Pasted on the list, it searches too, and never acts as keys (q would quit).
        try await session.waitForScreen { !$0.contains("Search:") }
        try session.tmux(["set-buffer", "q\nq"])
        try session.tmux(["paste-buffer", "-p", "-t", "main"])
        try await session.waitForScreen(containing: "Search: q q")
        try session.send("Escape")
        try await session.waitForScreen { !$0.contains("Search:") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("the wheel (raw SGR and X10 bytes) moves the list, a click selects a row, a double click plays it")
    func wheelAndClicks() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "50 loaded")
        #expect(try session.pane("mouse_sgr_flag") == "1")
        #expect(try session.pane("mouse_standard_flag") == "1")
        // Wheel down twice over the list: 1 + 3 + 3.
        try session.send("\u{1B}[<65;10;5M\u{1B}[<65;10;5M", literal: true)
        try await session.waitForScreen { Self.footer($0).hasSuffix("7 / 50+") }
        // The old X10 form (from a terminal without SGR) is the mouse too: its bytes ("qqq": the
        // wheel at column 81) must never act as keys, q would quit.
        try session.send("\u{1B}[Mqqq", literal: true)
        try await session.waitForScreen { Self.footer($0).hasSuffix("10 / 50+") }
        // A click on screen row 4 (the list's third row, tmux counts from 1).
        try session.send("\u{1B}[<0;10;5M\u{1B}[<0;10;5m", literal: true)
        let screen = try await session.waitForScreen { Self.footer($0).hasSuffix("3 / 50+") }
        let clicked = screen.split(separator: "\n")[4].trimmingCharacters(in: .whitespaces).prefix(12)
        // A double click: both clicks in one write, so that a loaded machine cannot put more than
        // the 400 ms of a double click between them (this failed once under the full suite).
        try session.send("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<0;10;5M\u{1B}[<0;10;5m", literal: true)
        // The player's clock under the title (the HUD may have hidden on a loaded machine).
        try await session.waitForScreen { PlayerEndToEndTests.position($0) != nil && $0.contains(clicked) }
        try session.send("C-c")   // q in the player goes back to the list; Ctrl+C quits from anywhere
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("--no-mouse leaves the mouse to the terminal; so does SPINDLE_NO_MOUSE=1", arguments: ["--no-mouse", "env"])
    func noMouse(option: String) async throws {
        let session = try TmuxSession()
        defer { session.close() }
        if option == "env" { try session.send("export SPINDLE_NO_MOUSE=1", "Enter") }
        let run = try AppRun(session, arguments: option == "env" ? "--latency 0" : "--latency 0 --no-mouse")
        try await session.waitForScreen(containing: "50 loaded")
        #expect(try session.pane("mouse_any_flag") == "0")
        #expect(try session.pane("mouse_sgr_flag") == "0")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("SIGTERM and a crash turn mouse reporting off again", arguments: ["sigterm", "segv"])
    func mouseOffOnSignals(ending: String) async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: ending == "segv" ? "--key-echo --debug-crash segv" : "--key-echo")
        try await session.waitForScreen(containing: "Spindle key echo")
        #expect(try session.pane("mouse_sgr_flag") == "1")
        if ending == "segv" { try session.send("!", literal: true) } else { kill(try await run.pid(), SIGTERM) }
        _ = try await run.exitStatus()
        try await run.expectTerminalRestored()
        #expect(try session.pane("mouse_sgr_flag") == "0")
    }
}
