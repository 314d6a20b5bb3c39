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

    typealias SpawnError = ProcessControl.SpawnError

    /// More than this on stdout is not an answer anyone wants.
    static let maximumOutput = 32 << 20
    static let maximumErrors = 64 << 10

    private struct State {
        var child: SpawnedProcess?
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
            state.child?.signal(SIGKILL, group: true)
        }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    // MARK: - On the process's own thread

    private func runToEnd(_ executable: String, _ arguments: [String], timeout: Duration) -> Result<Outcome, SpawnError> {
        let deadline = ContinuousClock.now + timeout
        var pipes: (stdout: Int32, stderr: Int32) = (-1, -1)
        var spawned: Result<SpawnedProcess, SpawnError>?
        // "Text file busy": the program is being written (an upgrade, a test's script still
        // open in a child some other thread is spawning); it is retried a few times, briefly.
        for attempt in 0 ..< 5 {
            spawned = state.withLock { state in
                guard !state.isCancelled else { return nil }
                let result = Self.spawn(executable, arguments)
                if case .success(let spawned) = result {
                    state.child = spawned.child
                    pipes = (spawned.stdout, spawned.stderr)
                }
                return result.map(\.child)
            }
            guard case .failure(.failed(errno: ETXTBSY)) = spawned, attempt < 4 else { break }
            usleep(useconds_t(5_000 << attempt))
        }
        guard let spawned else { return .success(.cancelled) }
        let child: SpawnedProcess
        switch spawned {
        case .success(let spawnedChild): child = spawnedChild
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
                child.signal(SIGKILL, group: true)
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

        // Wait for its reaping thread: at once if it has ended; else until it does (and kill it
        // at the deadline, or when the task is cancelled).
        fds[0].fd = -1
        fds[1].fd = child.exitNotice
        while child.exitStatus == nil {
            if isKilled {
                _ = child.waitForExit(milliseconds: -1)
            } else {
                waitForEvents(atMost: nil)
            }
        }
        let status = child.exitStatus ?? .exited(code: 0)

        if state.withLock({ $0.isCancelled }) { return .success(.cancelled) }
        if isTimedOut { return .success(.timedOut) }
        return .success(.finished(Output(
            status: status, stdout: stdout, stderr: stderr, isTruncated: isTruncated)))
    }

    /// The milliseconds left until `deadline`, rounded up, for `poll`.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let left = deadline - .now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Starts the child, reaped by a thread of its own; returns it and our (close-on-exec) read
    /// ends of its stdout and stderr.
    private static func spawn(
        _ executable: String, _ arguments: [String]
    ) -> Result<(child: SpawnedProcess, stdout: Int32, stderr: Int32), SpawnError> {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard cmpv_pipe_cloexec(&outPipe) == 0 else { return .failure(.failed(errno: errno)) }
        guard cmpv_pipe_cloexec(&errPipe) == 0 else {
            let error = errno
            outPipe.forEach { close($0) }
            return .failure(.failed(errno: error))
        }
        // The child's ends are closed here once it has them (its copies are not close-on-exec).
        defer {
            close(outPipe[1])
            close(errPipe[1])
        }
        do throws(SpawnError) {
            let child = try SpawnedProcess.spawn(
                executable, arguments, descriptors: [.null, .copy(of: outPipe[1]), .copy(of: errPipe[1])])
            return .success((child, outPipe[0], errPipe[0]))
        } catch {
            close(outPipe[0])
            close(errPipe[0])
            return .failure(error)
        }
    }
}
