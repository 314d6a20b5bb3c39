import Foundation
import Testing
import TestSupport

/// One run of the real `spindle` binary in a tmux pane, recording what a user's shell would
/// see: `stty -g` before and after, the app's process id and its exit status.
struct AppRun {
    let session: TmuxSession

    /// The `spindle` built beside this test binary (or `SPINDLE_BIN`).
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["SPINDLE_BIN"] { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("spindle").path
    }

    /// Writes a generated catalog of `count` titles into the session's folder, as
    /// `spindle --generate-catalog` does for a user; returns its path and the generator's status.
    static func generateCatalog(_ count: Int, named name: String, in session: TmuxSession) throws -> (path: String, status: Int32) {
        let catalog = session.directory.path + "/" + name
        let status = try TestProcess.run([binary, "--generate-catalog", String(count), "--catalog", catalog],
                                   environment: ["HOME=\(session.directory.path)"],
                                   output: .file(session.directory.path + "/generate.log"))
        return (catalog, status)
    }

    /// Starts `spindle arguments` (or `binary`) from the pane's shell, with `environment`
    /// ("NAME=value …") added to the shell's (through `env`, which execs the app in the same
    /// process). A run before it in the same session leaves nothing it waits for.
    init(_ session: TmuxSession, arguments: String = "", environment: String = "", binary: String = AppRun.binary) throws {
        self.session = session
        let dir = session.directory.path
        let env = environment.isEmpty ? "" : "env \(environment) "
        let command = "clear; rm -f \(dir)/pid \(dir)/status \(dir)/after; stty -g > \(dir)/before; sh -c 'echo $$ > \(dir)/pid; exec \(env)\(binary) \(arguments)'; "
            + "echo $? > \(dir)/status; stty -g > \(dir)/after"
        try session.send(command, literal: true)
        try session.send("Enter")
    }

    /// The app's process id (written by the shell just before `exec`).
    func pid() async throws -> pid_t {
        pid_t(try await session.waitForFile("pid"))!
    }

    /// Waits for the app to end; returns its exit status as the shell saw it.
    func exitStatus() async throws -> Int {
        Int(try await session.waitForFile("status"))!
    }

    /// Checks the terminal is as it was: same `stty -g`, alternate screen left, cursor shown.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        _ = try await session.waitForFile("after")
        let before = try await session.waitForFile("before")
        let after = try await session.waitForFile("after")
        #expect(before == after, "stty -g changed", sourceLocation: sourceLocation)
        #expect(try session.pane("alternate_on") == "0", "still in the alternate screen", sourceLocation: sourceLocation)
        #expect(try session.pane("cursor_flag") == "1", "cursor hidden", sourceLocation: sourceLocation)
        #expect(try session.pane("mouse_any_flag") == "0", "mouse reporting left on", sourceLocation: sourceLocation)
    }
}
