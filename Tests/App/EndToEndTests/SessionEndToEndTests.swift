import Foundation
import SpinTesting
import Testing
import TestSupport
import TestServers

/// Sessions in a real terminal: the next start is back where the user was, after a quit or a
/// `kill -9`. Each tmux session has its own XDG_STATE_HOME (see `TmuxSession`).
@Suite("Sessions, end to end")
struct SessionEndToEndTests {
    /// The row shown in reverse video (the selection), as text.
    static func selectedRow(_ session: TmuxSession) throws -> String? {
        let styled = try session.tmux(["capture-pane", "-e", "-p", "-t", "main"])
        let plain = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
        let rows = styled.split(separator: "\n", omittingEmptySubsequences: false)
        guard let index = rows.indices.dropFirst(2).first(where: { rows[$0].contains("\u{1B}[7m") || rows[$0].contains(";7m") }),
              index < plain.count else { return nil }
        return plain[index].trimmingCharacters(in: .whitespaces)
    }

    /// The selected row once every key sent before has been handled: keys are handled in order,
    /// so once the help that `?` opens shows, and has closed again, none is still on its way.
    static func settledSelection(_ session: TmuxSession) async throws -> String? {
        try session.send("?")
        try await session.waitForScreen(containing: "move down")
        try session.send("?")
        // The list may show before its highlighted row: wait for both.
        return try await eventually("the help closed, on a highlighted row", every: TmuxSession.screenPoll, observe: {
            try await session.onOwnThread { (screen: try session.screen(), selected: try selectedRow(session)) }
        }, until: { !$0.screen.contains("move down") && $0.selected != nil }).selected
    }

    /// The title in the player's top row (" Title   ▶ Playing").
    static func playerTitle(_ screen: String) -> String? {
        guard let top = screen.split(separator: "\n").first else { return nil }
        let text = top.replacingOccurrences(of: "▶ Playing", with: "").replacingOccurrences(of: "⏸ Paused", with: "")
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The title on the player's card, the line above its "0:29 / 1:54:27" (shown with the HUD
    /// or without: at --speed 20 the HUD hides 150 ms after a key).
    static func cardTitle(_ screen: String) -> String? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let time = lines.firstIndex(where: { PlayerEndToEndTests.position(String($0)) != nil }), time > 0 else { return nil }
        return lines[time - 1].trimmingCharacters(in: .whitespaces)
    }

    /// Forgets the last run's files (pid, status, stty) and gives the shell a sane terminal back
    /// (a killed app cannot restore it).
    static func prepareNextRun(_ session: TmuxSession) throws {
        for name in ["pid", "status", "before", "after"] {
            try? FileManager.default.removeItem(at: session.directory.appendingPathComponent(name))
        }
        try session.send("stty sane; tput rmcup; clear", literal: true)
        try session.send("Enter")
    }

    @Test("kill -9 while playing a title far down: the next start shows it paused at that position, and the list on it")
    func killedWhilePlaying() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let first = try AppRun(session, arguments: "--speed 20 --latency 0")
        try await session.waitForScreen(containing: "50 loaded")
        for _ in 0..<6 { try session.send("PageDown") }
        try await session.waitForScreen { $0.contains("loaded") && !$0.contains(" 50 loaded") }   // more pages
        let selected = try #require(try await Self.settledSelection(session))
        try session.send("Enter")
        let playing = try await session.waitForScreen { Self.cardTitle($0)?.isEmpty == false }
        let title = try #require(Self.cardTitle(playing))
        #expect(selected.hasPrefix(String(title.prefix(20))))
        let running = try await session.waitForScreen { (PlayerEndToEndTests.position($0) ?? 0) >= 200 }
        let pid = try await first.pid()
        #expect(kill(pid, SIGKILL) == 0)
        let shown = PlayerEndToEndTests.position(running) ?? 0
        #expect(try await first.exitStatus() == 137)
        // The last frame before the kill stays on the screen: the position it shows is what the
        // journal held then, give or take the events reduced after it was drawn (however loaded
        // the machine, which moves the kill later, never the bound).
        let last = PlayerEndToEndTests.position(try await session.capturedScreen()) ?? shown

        try Self.prepareNextRun(session)
        _ = try AppRun(session, arguments: "--speed 20 --latency 0")
        let resumed = try await session.waitForScreen(containing: "⏸ Paused")
        #expect(Self.cardTitle(resumed) == title)
        let position = try #require(PlayerEndToEndTests.position(resumed))
        #expect(position >= shown && position <= last + 20, "resumed at \(position), seen at \(shown), last drawn at \(last)")
        // Paused, it does not move: a seek of 10 s lands 10 s on, not further.
        try session.send("Right")
        let sought = try await session.waitForScreen("the seek shown") { PlayerEndToEndTests.position($0).map { $0 != position } ?? false }
        #expect(PlayerEndToEndTests.position(sought) == position + 10, "\(sought)")
        #expect(sought.contains("⏸ Paused"), "\(sought)")
        try session.send("Escape")
        try await session.waitForScreen(containing: "loaded")
        // The same row, now marked as left part way ("◐ 3%" instead of its length). The frame
        // may still be arriving when "loaded" shows: wait for its highlighted row.
        let found = try await eventually("a highlighted row", observe: { try Self.selectedRow(session) }, until: { $0 != nil })
        let back = try #require(found)
        #expect(back.hasPrefix(String(title.prefix(20))))
        #expect(back.contains("◐"))
        try session.send("q")
    }

    @Test("quit with a search applied and a title selected: the next start is on the same search and title")
    func quitAndRestartWithQuery() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let first = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("/")
        try session.send("the", literal: true)
        try session.send("Enter")
        try await session.waitForScreen(containing: "“the”")
        try session.send("Down", "Down", "Down")
        let selected = try #require(try await Self.settledSelection(session))
        try session.send("q")
        #expect(try await first.exitStatus() == 0)

        try Self.prepareNextRun(session)
        let second = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "“the”")
        try await eventually("the same row selected", every: TmuxSession.screenPoll,
                             observe: { try await session.onOwnThread { try Self.selectedRow(session) } }, until: { $0 == selected })
        try session.send("q")
        #expect(try await second.exitStatus() == 0)

        // --fresh: a new session (the old one is moved aside, not deleted).
        try Self.prepareNextRun(session)
        let fresh = try AppRun(session, arguments: "--latency 0 --fresh")
        try await session.waitForScreen(containing: "50 loaded")
        #expect(!(try session.screen()).contains("“the”"))
        try session.send("q")
        #expect(try await fresh.exitStatus() == 0)
        // (The notice wraps at 80 columns: the path may be cut anywhere.)
        let moved = try await session.waitForScreen(containing: "previous session was moved to")
        #expect(Self.unwrapped(moved).contains(".aside-"))
    }

    @Test("a library entered from its end and paged up past what it keeps: the next start shows the same screen, row and count")
    func libraryFromTheEndResumes() async throws {
        let session = try TmuxSession(columns: 100, rows: 24)
        defer { session.close() }
        try ServeEndToEndTests.spindle(["--generate-library", "3000"], in: session)
        let first = try AppRun(session, arguments: "--library --max-loaded 200")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("End")
        try await session.waitForScreen(containing: "3,000 / 3,000")
        // Up past the 200 titles kept: the end is let go of, and the selection's page was read backward.
        for _ in 0 ..< 12 { try session.send("PageUp") }
        try session.send("Down", "Down", "Down")
        let selected = try #require(try await Self.settledSelection(session))
        let screen = try session.screen()
        #expect(screen.contains(" / 3,000"), "the count stays: \(screen)")
        try session.send("q")
        #expect(try await first.exitStatus() == 0)

        // The resumed library is read again (it may have changed): the same screen, row and count.
        try Self.prepareNextRun(session)
        let second = try AppRun(session, arguments: "--library")
        try await session.waitForScreen(containing: " / 3,000")
        try await eventually("the same screen, the same row selected", every: TmuxSession.screenPoll, observe: {
            try await session.onOwnThread { (screen: try session.screen(), selected: try Self.selectedRow(session)) }
        }, until: { $0.screen == screen && $0.selected == selected })
        try session.send("q")
        #expect(try await second.exitStatus() == 0)
    }

    @Test("a plain start after a session on a catalog file reopens that file; once it is gone, the embedded catalog, with a note")
    func lastCatalogIsRemembered() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let catalog = session.directory.appendingPathComponent("films.jsonl").path
        let generate = try AppRun(session, arguments: "--generate-catalog 120 --catalog \(catalog)")
        #expect(try await generate.exitStatus() == 0)

        try Self.prepareNextRun(session)
        let first = try AppRun(session, arguments: "--latency 0 --catalog \(catalog)")
        try await session.waitForScreen(containing: "50 loaded")
        try session.send("End")
        try await session.waitForScreen(containing: "120 titles")
        try session.send("q")
        #expect(try await first.exitStatus() == 0)

        try Self.prepareNextRun(session)
        let plain = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "120 titles")      // films.jsonl, where it was
        try session.send("q")
        #expect(try await plain.exitStatus() == 0)

        try FileManager.default.removeItem(atPath: catalog)
        try Self.prepareNextRun(session)
        let gone = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "50 loaded")       // the embedded catalog, fresh
        try session.send("q")
        #expect(try await gone.exitStatus() == 0)
        // The notice wraps at 80 columns, wherever the temporary folder's name puts the break
        // (at a space, which the wrap takes away).
        try await session.waitForScreen { Self.unwrapped($0).contains("films.jsonlisgone") }
    }

    @Test("a session on a catalog file changed since: the next start imports it again and shows its titles as they are now, on the same row")
    func changedCatalogIsShownAsItIsNow() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let line = { (id: String, title: String) in
            #"{"id":"\#(id)","title":"\#(title)","year":2001,"genre":"Drama","duration":100,"intro_start":1,"intro_end":2,"credits_start":90}"#
        }
        let catalog = session.directory.appendingPathComponent("films.jsonl").path
        try [line("a", "Alpha Film"), line("b", "Beta Film"), line("c", "Gamma Film")].joined(separator: "\n")
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        let first = try AppRun(session, arguments: "--latency 0 --catalog \(catalog)")
        try await session.waitForScreen(containing: "Gamma Film")
        try session.send("Down")
        #expect(try await Self.settledSelection(session)?.hasPrefix("Beta Film") == true)
        try session.send("q")
        #expect(try await first.exitStatus() == 0)

        // Renamed, one gone, one new: a new size and time, so the next start imports it again.
        try [line("a", "Alpha Film Restored"), line("b", "Beta Film Restored"), line("d", "Delta Film")].joined(separator: "\n")
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        try Self.prepareNextRun(session)
        let second = try AppRun(session, arguments: "--latency 0 --catalog \(catalog)")
        let screen = try await session.waitForScreen(containing: "Delta Film")
        #expect(screen.contains("Alpha Film Restored") && !screen.contains("Gamma Film"), "\(screen)")
        #expect(try await Self.settledSelection(session)?.hasPrefix("Beta Film Restored") == true)
        try session.send("q")
        #expect(try await second.exitStatus() == 0)
    }

    @Test("a plain start after a session on a server whose token is no longer at hand: the embedded catalog, with a note")
    func lastServerWithoutItsToken() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        // No server listens there: the client opens, its pages fail, and the session is kept
        // under the address.
        let port = try RefusingPort.make()
        let first = try AppRun(session, arguments: "http://127.0.0.1:\(port) --token 0123456789abcdef0123")
        try await session.waitForScreen(containing: "127.0.0.1:\(port)")
        try session.send("q")
        #expect(try await first.exitStatus() == 0)

        try Self.prepareNextRun(session)
        let plain = try AppRun(session, arguments: "--latency 0")
        try await session.waitForScreen(containing: "50 loaded")       // the embedded catalog
        try session.send("q")
        #expect(try await plain.exitStatus() == 0)
        try await session.waitForScreen {
            Self.unwrapped($0).contains("doesnotopen(notoken")
        }
    }

    /// A notice as printed whatever its wrapping: without its line breaks and spaces (a line
    /// wrapped at a space loses it).
    static func unwrapped(_ screen: String) -> String {
        screen.filter { !$0.isWhitespace }
    }
}
