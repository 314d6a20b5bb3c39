import Foundation
import Testing
import TestSupport

/// The configuration file as a user meets it: keys rebound in the real app, a file with a
/// mistake, and `spindle config`. Each test's config folder is its own (XDG_CONFIG_HOME).
@Suite("The configuration file, end to end")
struct ConfigEndToEndTests {
    /// Writes `text` as the session's config.toml; returns the XDG_CONFIG_HOME to run with.
    static func writeConfig(_ text: String, in session: TmuxSession) throws -> String {
        let home = session.directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("spindle"), withIntermediateDirectories: true)
        try text.write(to: home.appendingPathComponent("spindle/config.toml"), atomically: true, encoding: .utf8)
        return home.path
    }

    @Test("list.down on n: n moves down, j does nothing, ? shows n")
    func remap() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        // n is list.next-match's by default: it is given another key, or n on list.down is a mistake.
        let home = try Self.writeConfig("[keys.list]\ndown = \"n\"\nnext-match = \"ctrl+n\"\n", in: session)
        let run = try AppRun(session, arguments: "--latency 0", environment: "XDG_CONFIG_HOME=\(home)")
        try await session.waitForScreen { BrowserEndToEndTests.footerPosition($0)?.row == 1 }
        // Keys are handled in order: had j moved the selection, n would leave it on row 3.
        try session.send("j")
        try session.send("n")
        try await session.waitForScreen { BrowserEndToEndTests.footerPosition($0)?.row == 2 }
        try session.send("n")
        try await session.waitForScreen { BrowserEndToEndTests.footerPosition($0)?.row == 3 }
        try session.send("?")
        let help = try await session.waitForScreen(containing: "move down")
        let line = help.split(separator: "\n").first { $0.contains("move down") } ?? ""
        #expect(line.contains(" n "), "\(help)")
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        try await run.expectTerminalRestored()
    }

    @Test("a file with a mistake: path:line: reason on stderr, and the app starts with the rest")
    func badFile() async throws {
        let session = try TmuxSession()
        defer { session.close() }
        let home = try Self.writeConfig("[browse]\npage-size = 20\n[keys.list]\ndown = \"hyper+\\u001b[2J\"\n", in: session)
        let run = try AppRun(session, arguments: "--latency 0", environment: "XDG_CONFIG_HOME=\(home)")
        // The file's page size applies: pages of 20 titles (a second one follows on a tall screen).
        try await session.waitForScreen { [20, 40].contains(BrowserEndToEndTests.loadedCount($0) ?? 0) }
        try session.send("Down")
        try await session.waitForScreen { BrowserEndToEndTests.footerPosition($0)?.row == 2 }
        try session.send("q")
        #expect(try await run.exitStatus() == 0)
        let after = try await session.waitForScreen(containing: "config.toml:4:")
        // The line wraps at the pane's width (where a space may fall at a line's end and go).
        let unwrapped = after.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
        #expect(unwrapped.contains("spindle/config.toml:4:\"hyper+␛[2J\"isnotakey"), "\(after)")
    }

    @Test("spindle config prints each value with where it came from; --path the file")
    func printsConfig() throws {
        let session = try TmuxSession()
        defer { session.close() }
        let home = try Self.writeConfig("[browse]\npage-size = 20\n", in: session)
        let output = session.directory.appendingPathComponent("config-output").path
        let environment = ["HOME=\(session.directory.path)", "XDG_CONFIG_HOME=\(home)", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"]
        #expect(try TestProcess.run([AppRun.binary, "config"], environment: environment, output: .file(output)) == 0)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        let file = home + "/spindle/config.toml"
        #expect(text.hasPrefix("# \(file)\n"))
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("page-size = 20 ") && $0.hasSuffix("# \(file):2") })
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("max-downloads = 3 ") && $0.hasSuffix("# default") })
        unlink(output)
        #expect(try TestProcess.run([AppRun.binary, "config", "--path"], environment: environment, output: .file(output)) == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == file + "\n")
    }
}
