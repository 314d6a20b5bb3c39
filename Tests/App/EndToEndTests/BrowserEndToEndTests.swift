import Foundation
import Testing

/// The catalog browser in a real terminal, as a user drives it.
@Suite("Catalog browser, end to end")
struct BrowserEndToEndTests {
    /// A count as the app shows it ("5,000"), as a number.
    static func count(_ text: some StringProtocol) -> Int? {
        Int(text.replacingOccurrences(of: ",", with: ""))
    }

    /// The number in the header's "N loaded" or "N titles" ("1,000 loaded").
    static func loadedCount(_ screen: String) -> Int? {
        let header = screen.split(separator: "\n").first.map(String.init) ?? ""
        let words = header.split(separator: " ")
        for (index, word) in words.enumerated() where index + 1 < words.count {
            if words[index + 1].hasPrefix("loaded") || words[index + 1].hasPrefix("title") { return count(word) }
        }
        return nil
    }

    /// The footer's "P / L" or "P / L+": the selected row and how many are loaded.
    static func footerPosition(_ screen: String) -> (row: Int, loaded: Int)? {
        let footer = screen.split(separator: "\n").last.map(String.init) ?? ""
        let words = footer.split(separator: " ")
        guard words.count >= 3, words[words.count - 2] == "/",
              let row = count(words[words.count - 3]),
              let loaded = count(words[words.count - 1].replacingOccurrences(of: "+", with: "")) else { return nil }
        return (row, loaded)
    }

    @Test("scrolling loads page after page, search narrows and Esc clears it, q quits cleanly")
    func browse() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 20")
        try await session.waitForScreen { Self.loadedCount($0) == 50 }
        // Like holding the key: bursts of Down, each as far as the loaded titles go.
        // Each burst is waited out: its last key handled (the row moved 40 on, or as far as the
        // loaded titles go) and the page it asked for loaded. A slow machine only takes longer.
        var scrolled = try await session.waitForScreen { Self.footerPosition($0) != nil }
        for _ in 0..<10 {
            guard let before = Self.footerPosition(scrolled) else { break }
            try session.tmux(["send-keys", "-t", "main", "-N", "40", "Down"])
            let target = min(before.row + 40, before.loaded)
            scrolled = try await session.waitForScreen {
                (Self.footerPosition($0)?.row ?? 0) >= target && !$0.contains("loading")
            }
            if (Self.loadedCount(scrolled) ?? 0) >= 200 { break }
        }
        #expect((Self.loadedCount(scrolled) ?? 0) >= 200, "\(scrolled)")
        #expect(!scrolled.contains("Little Engine"), "the first title scrolled away")

        try session.send("/")
        try session.send("kyoto", literal: true)
        try await session.waitForScreen(containing: "Search: kyoto")
        try session.send("Enter")
        let results = try await session.waitForScreen { $0.contains("“kyoto”") && !$0.contains("loading") }
        let rows = results.split(separator: "\n").dropFirst(2).dropLast().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(!rows.isEmpty)
        for row in rows { #expect(row.lowercased().contains("kyoto"), "\(row)") }

        try session.send("Escape")
        // The whole list comes back as it was, without loading it again from the first page (it
        // may go on with the next page, if the selection is near the end of what is loaded).
        try await session.waitForScreen {
            !$0.contains("“kyoto”") && (Self.loadedCount($0) ?? 0) >= (Self.loadedCount(scrolled) ?? .max)
        }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("filter as you type, with the position in the footer; Esc gives back the title and row selected before")
    func filterAsYouType() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 20")
        try await session.waitForScreen { Self.loadedCount($0) == 50 }
        try session.tmux(["send-keys", "-t", "main", "-N", "5", "Down"])
        let before = try await session.waitForScreen { $0.split(separator: "\n").last?.hasSuffix("6 / 50+") == true }
        let selectedRow = before.split(separator: "\n")[7]

        try session.send("/")
        try session.send("kyo", literal: true)   // no Enter: the list narrows as the keys arrive
        let filtered = try await session.waitForScreen {
            $0.contains("“kyo”") && !$0.contains("loading") && $0.split(separator: "\n").last?.hasPrefix("Search: kyo") == true
        }
        let rows = filtered.split(separator: "\n").dropFirst(2).dropLast()
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && $0.trimmingCharacters(in: .whitespaces) != "│" }
        #expect(!rows.isEmpty)
        for row in rows { #expect(row.lowercased().contains("kyo"), "\(row)") }

        try session.send("Escape")
        let after = try await session.waitForScreen { !$0.contains("“kyo”") && $0.split(separator: "\n").last?.hasSuffix("6 / 50+") == true }
        #expect(after.split(separator: "\n")[7] == selectedRow, "the same title on the same row")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("Ctrl+D / Ctrl+U move half a screen; after /word Enter, n / N jump between the titles that match")
    func halfPagesAndMatches() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen { Self.footerPosition($0)?.row == 1 }
        let rows = 24 - 3   // the list's rows: the header, the headings and the footer take 3
        try session.send("C-d")
        try await session.waitForScreen { Self.footerPosition($0)?.row == 1 + rows / 2 }
        try session.send("C-d")
        try await session.waitForScreen { Self.footerPosition($0)?.row == 1 + 2 * (rows / 2) }
        try session.send("C-u")
        try await session.waitForScreen { Self.footerPosition($0)?.row == 1 + rows / 2 }

        try session.send("/")
        try session.send("night", literal: true)
        try session.send("Enter")
        let results = try await session.waitForScreen {
            $0.contains("“night”") && !$0.contains("Search:") && !$0.contains("loading") && Self.footerPosition($0)?.row == 1
        }
        let first = Self.footerPosition(results)
        try session.send("n")
        let next = try await session.waitForScreen { (Self.footerPosition($0)?.row ?? 1) > 1 }
        let selected = try #require(Self.footerPosition(next)?.row)
        // The row n went to has "night" in its title (rows found by their genre alone are skipped);
        // the list scrolled as little as needed to show it.
        let row = next.split(separator: "\n", omittingEmptySubsequences: false)
            .dropFirst(2 + min(selected, rows) - 1).first.map(String.init) ?? ""
        let titleColumn = row.prefix(40).lowercased()
        #expect(titleColumn.contains("night"), "n went to: \(row)\n\(next)")
        try session.send("N")
        try await session.waitForScreen { Self.footerPosition($0)?.row == first?.row }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("End asks the catalog for its last page alone (a second a page: loading the 100 pages on the way would take minutes), Home for its first")
    func endAsksLastPage() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 1000")
        try await session.waitForScreen { Self.loadedCount($0) == 50 }
        try session.send("End")
        let end = try await session.waitForScreen { $0.contains("5,000 / 5,000") && !$0.contains("loading") }
        #expect(Self.loadedCount(end) == 5000, "the header counts the whole catalog: \(end)")
        // Up past the last page's first title brings the page before it, on the same rows.
        for _ in 0 ..< 45 { try session.send("Up") }
        let up = try await session.waitForScreen { Self.footerPosition($0)?.row == 4_955 && !$0.contains("loading") }
        #expect(!up.contains("could not load"), "\(up)")
        // The first page again; the count the last page gave stays.
        try session.send("Home")
        try await session.waitForScreen { $0.contains("1 / 5,000") && !$0.contains("loading") }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("keys in a form TERM does not name (TERM=xterm-256color in a screen pane: Home is ESC [1~, End ESC [4~) still move the list")
    func keysOutsideTerminfo() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 0", environment: "TERM=xterm-256color")
        try await session.waitForScreen { Self.loadedCount($0) == 50 }
        try session.send("End")
        try await session.waitForScreen { $0.contains("5,000 / 5,000") && !$0.contains("loading") }
        try session.send("Home")
        try await session.waitForScreen { Self.footerPosition($0)?.row == 1 }
        // An Escape, a "[" or a "~" taken from either would have left the list where it was.
        try session.send("End")
        try await session.waitForScreen { Self.footerPosition($0)?.row == 5_000 }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("an option error is one line in spindle's style")
    func optionError() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency -5 2> \(session.directory.path)/err")
        #expect(try await run.exitStatus() == 64)
        let message = try String(contentsOf: session.directory.appendingPathComponent("err"), encoding: .utf8)
        #expect(message.hasPrefix("spindle: --latency must be 0 or more milliseconds."), "\(message)")
    }

    @Test("a failed page shows the error until r retries it")
    func retry() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 20 --fail-rate 0.5")
        try await session.waitForScreen(containing: "could not load: simulated network failure - r to retry")
        var attempts = 0
        while try Self.loadedCount(session.screen()) ?? 0 < 50 && attempts < 20 {
            try session.send("r")
            attempts += 1
            try await session.waitForScreen { !$0.contains("loading") }
        }
        let screen = try session.screen()
        #expect(Self.loadedCount(screen) == 50, "\(screen)")
        #expect(!screen.contains("could not load"))
        try session.send("C-c")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("hostile titles render inert: no color, no window title, no cleared screen")
    func hostileTitles() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let titleBefore = try session.pane("pane_title")
        let run = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen { Self.loadedCount($0) == 50 }
        for query in ["window", "alert", "wipe"] {
            try session.send("/")
            try session.send("C-u")
            try session.send(query, literal: true)
            try session.send("Enter")
            try await session.waitForScreen(containing: "“\(query)”")
        }
        let screen = try await session.waitForScreen(containing: "Screen Wipe ␛[2J")
        #expect(screen.contains("Spindle"))
        #expect(try session.pane("pane_title") == titleBefore)
        try session.send("/", "C-u")
        try session.send("alert", literal: true)
        try session.send("Enter")
        try await session.waitForScreen(containing: "␛[31mAlert␛[0m")
        let styled = try session.tmux(["capture-pane", "-e", "-p", "-t", "main"])
        #expect(!styled.contains("\u{1B}[31m"), "the title's own color code reached the terminal")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }

    @Test("a malformed catalog file names the line and field, exits non-zero, terminal untouched")
    func badCatalog() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let file = session.directory.appendingPathComponent("bad.jsonl")
        let good = #"{"id":"t1","title":"Fine","year":1999,"genre":"Drama","duration":5400,"intro_start":60,"intro_end":120,"credits_start":5200}"#
        let bad = #"{"id":"t2","title":"Broken","year":"abc","genre":"Drama","duration":5400,"intro_start":60,"intro_end":120,"credits_start":5200}"#
        try (good + "\n" + bad + "\n").write(to: file, atomically: true, encoding: .utf8)
        let run = try AppRun(session, arguments: "--catalog \(file.path) 2> \(session.directory.path)/err")
        #expect(try await run.exitStatus() == 1)
        try await run.expectTerminalRestored()
        let message = try String(contentsOf: session.directory.appendingPathComponent("err"), encoding: .utf8)
        #expect(message.contains("\(file.path):2:"), "\(message)")
        #expect(message.contains("year"), "\(message)")
    }

    @Test("the layout follows a resize, and a tiny terminal gets a notice")
    func resize() async throws {
        let session = try TmuxSession(columns: 40, rows: 12)
        defer { session.close() }
        let run = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen { Self.loadedCount($0) == 50 }
        try session.resize(columns: 20, rows: 5)
        try await session.waitForScreen(containing: "Too small")
        try session.resize(columns: 120, rows: 40)
        let wide = try await session.waitForScreen(containing: "Genre")
        #expect(wide.contains("Length"))
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
    }
}
