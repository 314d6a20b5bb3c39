import Foundation
import SpinTesting
import Testing
import TestSupport

/// A private tmux server (`tmux -L <unique name> -f /dev/null`) with one pane of a fixed size
/// running a plain bash, for driving the real `spindle` binary as a person would. The server is
/// always killed when the session ends (`close()` or deinit); nothing else is ever killed.
///
/// Sendable so that a screen can be captured on a thread of its own (`capturedScreen`): its
/// state is set by `init` and `close`, which the test's own task calls.
final class TmuxSession: @unchecked Sendable {
    let socket: String
    let directory: URL
    /// The server's socket file, which it leaves behind when killed.
    private var socketPath = ""
    /// The pane's shell: it may still write a file or two while the server goes.
    private var shell: pid_t = 0
    private(set) var closed = false
    private static let counter = Counter()

    init(columns: Int = 80, rows: Int = 24) throws {
        socket = "spindle-e2e-\(getpid())-\(Self.counter.next())"
        directory = URL(fileURLWithPath: try TempFolder.make(prefix: socket))
        // No history file: bash would write it on its way out, after `close` removed the directory.
        try tmux(["new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)",
                  "env PS1='$ ' HISTFILE= bash --norc --noprofile"])
        // If the test process dies before `close` (killed, or its output pipe closed), nothing
        // would kill this server and the app in its pane: the server watches for that itself.
        let pane = try tmux(["display-message", "-p", "-t", "main", "#{socket_path} #{pane_pid}"])
            .split(separator: " ")
        socketPath = pane.first.map(String.init) ?? ""
        shell = pane.count > 1 ? pid_t(pane[1].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 : 0
        // The folder goes first: the server's own death may end this job before its last word.
        try tmux(["run-shell", "-b",
                  "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; rm -rf '\(directory.path)'; "
                      + "tmux -L \(socket) kill-server; rm -f '\(socketPath)'"])
        try tmux(["set-option", "-g", "escape-time", "10"])
        try tmux(["set-option", "-g", "default-terminal", "screen"])
        try tmux(["set-window-option", "-g", "aggressive-resize", "off"])
    }

    deinit { close() }

    /// Kills this session's tmux server (only it) and removes its files.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? tmux(["kill-server"])
        // The shell gets SIGHUP as the server goes, but may first finish writing what it was
        // writing into the directory: wait for it, then remove both.
        let shell = shell
        eventuallyBlocking("the pane's shell \(shell) gone") { shell <= 0 || isProcessGone(shell) }
        try? FileManager.default.removeItem(at: directory)
        if !socketPath.isEmpty { unlink(socketPath) }
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        // Output goes through a file, not a pipe: the server that `new-session` starts would
        // inherit a pipe and hold it open for ever.
        let outputPath = directory.appendingPathComponent("tmux-output-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        let status = try TestProcess.run(
            ["/usr/bin/tmux", "-u", "-L", socket, "-f", "/dev/null"] + arguments,
            // HOME and XDG_STATE_HOME in this session's directory: the app's session (journal) is
            // this test's own, never the user's or another test's.
            environment: ["LANG=C.UTF-8", "TERM=xterm-256color", "PATH=/usr/bin:/bin", "HOME=\(directory.path)",
                          "XDG_STATE_HOME=\(directory.path)/state"],
            output: .file(outputPath)
        )
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")): \(text)")
        }
        return text
    }

    /// Types keys (tmux key names such as "Down", "C-c", "Enter", or literal text with `literal`).
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", "main"] + (literal ? ["-l"] : []) + keys)
    }

    /// The visible screen as text.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"])
    }

    /// The visible screen, captured on a thread of its own. A tmux client is a process to wait
    /// for, and the tests' tasks share as many threads as the machine has cores: tests that
    /// poll screens on them hold up every other test's tasks (a server's answers in the same
    /// process among them).
    func capturedScreen() async throws -> String {
        try await onOwnThread { try self.screen() }
    }

    /// `body`'s result, from a thread of its own (see `capturedScreen`).
    func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// A pane variable such as `alternate_on` or `cursor_flag`.
    func pane(_ variable: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "main", "#{\(variable)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits (`eventually`) until `condition` holds on the screen, and returns the screen; on
    /// time out, records an issue with `awaited` and the last screen, and throws.
    @discardableResult
    func waitForScreen(
        _ awaited: String = "the screen to match", sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) async throws -> String {
        try await eventually(awaited, sourceLocation: sourceLocation, every: Self.screenPoll,
                             observe: { try await capturedScreen() }, until: condition)
    }

    @discardableResult
    func waitForScreen(containing text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        try await waitForScreen("\"\(text)\" on the screen", sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Each look at the screen starts a tmux client: a slower pace than `Wait.poll`.
    static let screenPoll: Duration = .milliseconds(50)

    /// Waits (`eventually`) until a file this session's shell writes exists, whole (its last
    /// line ended), and returns its contents; on time out, records an issue with the screen too.
    func waitForFile(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let url = directory.appendingPathComponent(name)
        do {
            let text = try await eventually("the file \(name)", sourceLocation: sourceLocation, observe: {
                try? String(contentsOf: url, encoding: .utf8)
            }, until: { $0?.hasSuffix("\n") == true })
            return (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            Issue.record("no \(name); the screen shows:\n\((try? screen()) ?? "")", sourceLocation: sourceLocation)
            throw error
        }
    }

    struct TmuxError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
