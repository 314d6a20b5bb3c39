import Foundation
import SpinTesting
import Testing
import TestSupport

/// Runs a program to completion with posix_spawn and waitpid (Foundation's Process can miss a
/// child's exit on Linux when called from test tasks).
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `arguments[0]` with its standard output and error appended to `outputPath`, and
    /// returns its exit status (128 + signal if it was killed).
    static func run(_ arguments: [String], environment: [String], outputPath: String) throws -> Int32 {
        let pid = try start(arguments, environment: environment, outputPath: outputPath)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        return exitStatus(status)
    }

    /// Starts `arguments[0]` as `run` does, without waiting for it: its pid.
    static func start(_ arguments: [String], environment: [String], outputPath: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        // A clean signal state: the calling test thread blocks signals, and a child (a tmux
        // server, the shells and the app in its panes) would inherit that.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptySet = sigset_t(), allSignals = sigset_t()
        sigemptyset(&emptySet)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &emptySet)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    /// Runs `arguments[0]` as `run` does, but waits for its end with `eventually` (a hang is a
    /// failed wait, not a stuck test), and kills it by its pid on every way out if it has not
    /// ended; its exit status (128 + signal if it was killed).
    static func runWithDeadline(_ arguments: [String], environment: [String], outputPath: String) async throws -> Int32 {
        let pid = try start(arguments, environment: environment, outputPath: outputPath)
        var status: Int32 = 0
        var reaped = false
        defer {
            if !reaped {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
        }
        await eventually("\(arguments.joined(separator: " ")) to end") {
            reaped = waitpid(pid, &status, WNOHANG) == pid
            return reaped
        }
        return reaped ? exitStatus(status) : 128 + SIGKILL
    }

    /// A `waitpid` status as a shell tells it.
    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
