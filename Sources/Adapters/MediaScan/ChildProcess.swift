#if canImport(Glibc)
import ProcessControl
import Glibc
#endif
import CProcessSpawn
import Synchronization

/// Runs a program to its end and collects what it writes, for a tool that answers and quits
/// (ffprobe): no shell, stdin from /dev/null, stdout and stderr into pipes, in a session (and
/// process group) of its own, so that a terminal's signals never reach it and a kill reaches
/// whatever it started too.
///
///     let outcome = try await ChildProcess.run("/usr/bin/ffprobe", ["-version"], timeout: .seconds(20))
///
/// A thread of its own reads the pipes to their end and reaps the child. Past `timeout`, or as
/// soon as the calling task is cancelled, the child's process group is sent SIGKILL, by pid,
/// and only while the child is not reaped (so the pid cannot be someone else's); it is reaped
/// before `run` returns, whatever happens.
final class ChildProcess: Sendable {
    struct Output: Sendable {
        var status: ExitStatus
        var stdout: [UInt8]
        var stderr: [UInt8]
        /// Whether stdout said more than `maximumOutput` (the rest was dropped).
        var isTruncated: Bool
    }

    enum Outcome: Sendable {
        case finished(Output)
        case timedOut
        case cancelled
    }

    enum SpawnError: Error, Equatable {
        case notFound
        case failed(errno: Int32)
    }

    /// More than this on stdout is not an answer anyone wants.
    static let maximumOutput = 32 << 20
    static let maximumErrors = 64 << 10

    private struct State {
        var pid: pid_t?
        var isReaped = false
        var isCancelled = false
    }

    private let state = Mutex(State())
    /// A pipe the cancellation handler writes to, to wake the thread at once.
    private let wakeReader: Int32
    private let wakeWriter: Int32

    private init() {
        var ends: [Int32] = [-1, -1]
        if cmpv_pipe_cloexec(&ends) != 0 { ends = [-1, -1] }
        wakeReader = ends[0]
        wakeWriter = ends[1]
    }

    deinit {
        close(wakeReader)
        close(wakeWriter)
    }

    static func run(
        _ executable: String, _ arguments: [String], timeout: Duration
    ) async throws(SpawnError) -> Outcome {
        let process = ChildProcess()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Outcome, SpawnError>, Never>) in
                startDetachedThread {
                    continuation.resume(returning: process.runToEnd(executable, arguments, timeout: timeout))
                }
            }
        } onCancel: {
            process.cancel()
        }
        return try result.get()
    }

    private func cancel() {
        state.withLock { state in
            state.isCancelled = true
            if let pid = state.pid, !state.isReaped { Self.kill(pid) }
        }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// SIGKILL to the child's process group (it leads one of its own), and to the child itself.
    private static func kill(_ pid: pid_t) {
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
    }

    // MARK: - On the process's own thread

    private func runToEnd(_ executable: String, _ arguments: [String], timeout: Duration) -> Result<Outcome, SpawnError> {
        let deadline = ContinuousClock.now + timeout
        var pipes: (stdout: Int32, stderr: Int32) = (-1, -1)
        var spawned: Result<pid_t, SpawnError>?
        // "Text file busy": the program is being written (an upgrade, a test's script still
        // open in a child some other thread is spawning); it is retried a few times, briefly.
        for attempt in 0 ..< 5 {
            spawned = state.withLock { state in
                guard !state.isCancelled else { return nil }
                let result = Self.spawn(executable, arguments)
                if case .success(let spawned) = result {
                    state.pid = spawned.pid
                    pipes = (spawned.stdout, spawned.stderr)
                }
                return result.map(\.pid)
            }
            guard case .failure(.failed(errno: ETXTBSY)) = spawned, attempt < 4 else { break }
            usleep(useconds_t(5_000 << attempt))
        }
        guard let spawned else { return .success(.cancelled) }
        let pid: pid_t
        switch spawned {
        case .success(let spawnedPID): pid = spawnedPID
        case .failure(let error): return .failure(error)
        }

        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var isTruncated = false
        var isTimedOut = false
        var isKilled = false
        var fds = [
            pollfd(fd: pipes.stdout, events: Int16(POLLIN), revents: 0),
            pollfd(fd: pipes.stderr, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 64 << 10)

        /// Waits for the pipes (while open), the wake pipe and the deadline; kills the child
        /// when the deadline passes or the task is cancelled.
        func waitForEvents(atMost limit: Int32?) {
            var milliseconds = Self.milliseconds(until: deadline)
            if let limit { milliseconds = min(milliseconds, limit) }
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready == 0, ContinuousClock.now >= deadline {
                isTimedOut = true
            }
            if ready > 0, fds[2].revents != 0 || state.withLock({ $0.isCancelled }) {
                isKilled = true  // the handler has sent the signal already
            }
            if isTimedOut, !isKilled {
                isKilled = true
                state.withLock { state in if !state.isReaped { Self.kill(pid) } }
            }
        }

        // Read both pipes to their end (or until the child is killed).
        while !isKilled, fds[0].fd >= 0 || fds[1].fd >= 0 {
            waitForEvents(atMost: nil)
            for index in 0 ..< 2 where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 {
                    close(fds[index].fd)
                    fds[index].fd = -1
                    continue
                }
                if index == 0 {
                    if stdout.count + count <= Self.maximumOutput {
                        stdout += buffer[..<count]
                    } else {
                        isTruncated = true
                    }
                } else if stderr.count < Self.maximumErrors {
                    stderr += buffer[..<min(count, Self.maximumErrors - stderr.count)]
                }
            }
        }
        for index in 0 ..< 2 where fds[index].fd >= 0 {
            close(fds[index].fd)
            fds[index].fd = -1
        }

        // Reap it: at once if it has ended; else wait (and kill it at the deadline).
        var status: Int32 = 0
        while true {
            let reaped = state.withLock { state in
                var waitStatus: Int32 = 0
                let waited = waitpid(pid, &waitStatus, WNOHANG)
                // ECHILD: reaped already, where SIGCHLD is ignored; its status is lost.
                guard waited == pid || waited == -1 && errno == ECHILD else { return false }
                state.isReaped = true
                status = waitStatus
                return true
            }
            if reaped { break }
            if isKilled {
                var info = siginfo_t()
                _ = waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT)
            } else {
                waitForEvents(atMost: 10)
            }
        }

        if state.withLock({ $0.isCancelled }) { return .success(.cancelled) }
        if isTimedOut { return .success(.timedOut) }
        return .success(.finished(Output(
            status: ExitStatus(waitStatus: status), stdout: stdout, stderr: stderr, isTruncated: isTruncated)))
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = deadline - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Starts the child; returns its pid and our (close-on-exec) read ends of its stdout and
    /// stderr.
    private static func spawn(
        _ executable: String, _ arguments: [String]
    ) -> Result<(pid: pid_t, stdout: Int32, stderr: Int32), SpawnError> {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard cmpv_pipe_cloexec(&outPipe) == 0 else { return .failure(.failed(errno: errno)) }
        guard cmpv_pipe_cloexec(&errPipe) == 0 else {
            let error = errno
            outPipe.forEach { close($0) }
            return .failure(.failed(errno: error))
        }
        // The child's ends are closed here once it has them (dup2 clears close-on-exec on its copy).
        defer {
            close(outPipe[1])
            close(errPipe[1])
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        // Nothing else of ours, even what some library opened without close-on-exec.
        cmpv_spawn_add_closefrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setOwnSessionAndDefaultSignals(&attributes)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard result == 0 else {
            close(outPipe[0])
            close(errPipe[0])
            return .failure(result == ENOENT || result == EACCES ? .notFound : .failed(errno: result))
        }
        return .success((pid, outPipe[0], errPipe[0]))
    }
}
