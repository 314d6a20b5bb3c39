#if canImport(Glibc)
import Glibc
#endif
import CProcessSpawn
import JSON
import ProcessControl
import Synchronization

/// Reads media files' facts with `spindle-probe`, the project's helper that links libavformat
/// and reads many files in one process: 1.7 ms a file where ffprobe, started once per file,
/// takes 90 ms (docs/library-database.md). The facts are ffprobe's (`FFProbe.facts`), read from
/// the same JSON.
///
///     let prober = HelperProbe.besideThisProgram(fallback: FFProbe())
///     let facts = try await prober.probe(file)
///
/// Each probe takes an idle helper (or starts one), hands it the path and waits for its line.
/// A hostile file costs that file one `MediaProbeError`, never the scan: the helper bounds its
/// own time and memory per file; past `timeout`, or when the task is cancelled, it is killed by
/// pid (its process group) and the next file gets a new one; a helper that crashes is replaced
/// the same way. A helper that cannot be started, or does not greet, makes this prober use
/// `fallback` (ffprobe) from then on. Helpers end by themselves when left idle or when this
/// process ends (their input closes), so none outlives the app.
package final class HelperProbe: MediaProber {
    /// The helper's executable name, installed beside `spindle-full`.
    package static let name = "spindle-probe"
    /// The helper's first line, which says it runs and speaks this protocol.
    static let greeting: [UInt8] = Array("spindle-probe 1".utf8)
    /// An answer longer than this is not one (a file's tags and chapters are far smaller).
    static let maximumAnswer = 8 << 20

    package let executable: String
    package let fallback: FFProbe
    /// The most one file may take, starting the helper included.
    package let timeout: Duration
    /// The most address space a helper may use, in MiB (`setrlimit`).
    package let megabytes: Int
    /// How many idle helpers are kept for the next files.
    let keptIdle: Int

    private struct Pool {
        var idle: [ProbeHelperProcess] = []
        var isUnusable = false
    }

    private let pool = Mutex(Pool())

    package init(executable: String, fallback: FFProbe = FFProbe(), timeout: Duration = .seconds(20),
                 megabytes: Int = 1024, keptIdle: Int = 4) {
        self.executable = executable
        self.fallback = fallback
        self.timeout = timeout
        self.megabytes = megabytes
        self.keptIdle = keptIdle
    }

    /// The helper beside this program (where `make build` and `make install` put it), else
    /// `fallback` alone.
    package static func besideThisProgram(fallback: FFProbe) -> any MediaProber {
        guard let path = helperPath() else { return fallback }
        return HelperProbe(executable: path, fallback: fallback, timeout: fallback.timeout)
    }

    /// `spindle-probe` in the folder of this executable, if it is there and can run.
    package static func helperPath() -> String? {
        executableBesideThisProgram(name)
    }

    /// Whether helpers are used (false once one could not be started: ffprobe then).
    package var isUsable: Bool { !pool.withLock(\.isUnusable) }

    /// The pids of the helpers waiting for files.
    package var idleHelperPIDs: [pid_t] { pool.withLock { $0.idle.map(\.child.pid) } }

    package func probe(_ file: MediaFile) async throws -> MediaFacts {
        try Task.checkCancellation()
        // A second try only when the helper taken had just ended, being idle.
        for _ in 0 ..< 2 {
            guard let helper = try await helper() else { return try await fallback.probe(file) }
            let answer = await helper.ask(file.path, within: timeout)
            switch answer {
            case .line(let line):
                keep(helper)
                return try Self.facts(line, path: file.path)
            case .ended(.exited(code: 0)):
                continue
            case .ended(.killed(signal: SIGALRM)), .timedOut:
                // Its own alarm (twice its per-file bound) or our deadline: the same for the user.
                throw MediaProbeError("it could not be read within \(FFProbe.seconds(timeout)) s")
            case .ended(let status):
                throw MediaProbeError("it stopped the probe (\(status))")
            case .tooLong:
                throw MediaProbeError("the probe's answer for it is too long")
            case .cancelled:
                throw CancellationError()
            }
        }
        throw MediaProbeError("the probe ended before it answered")
    }

    /// An idle helper that still runs, or a new one; nil when helpers cannot be started.
    private func helper() async throws -> ProbeHelperProcess? {
        while let idle = pool.withLock({ $0.isUnusable ? nil : $0.idle.popLast() }) {
            if idle.isRunning { return idle }
        }
        if pool.withLock(\.isUnusable) { return nil }
        switch await ProbeHelperProcess.start(executable, arguments: arguments, within: timeout) {
        case .success(let helper):
            return helper
        case .failure(.cancelled):
            throw CancellationError()
        case .failure(.unusable):
            pool.withLock { $0.isUnusable = true }
            return nil
        }
    }

    private func keep(_ helper: ProbeHelperProcess) {
        pool.withLock { pool in
            if pool.idle.count < keptIdle { pool.idle.append(helper) }
        }
    }

    /// The helper's own bounds: half of `timeout` per file, so that it says so itself first.
    var arguments: [String] {
        let seconds = max(1, timeout.components.seconds / 2)
        return ["--seconds", String(seconds), "--megabytes", String(megabytes)]
    }

    /// The facts of one answer line: ffprobe's JSON, or `{"error": "…"}`.
    static func facts(_ line: [UInt8], path: String) throws -> MediaFacts {
        if line.starts(with: Array("{\"error\":".utf8)) {
            let parsed = line.withUnsafeBufferPointer { buffer in
                Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(buffer) }
            }
            guard case .success(.object(let object)) = parsed, case .string(let message)? = object["error"] else {
                throw MediaProbeError("the probe's answer could not be read")
            }
            throw MediaProbeError(MediaProbeError.oneLine(message))
        }
        guard let answer = try? FFProbeAnswer(json: line) else {
            throw MediaProbeError("the probe's answer could not be read")
        }
        return FFProbe.facts(answer, path: path)
    }
}

/// One running `spindle-probe`: a child in a session of its own whose standard input and output
/// are one end of a socket pair (written with `MSG_NOSIGNAL`, so a helper gone is an answer,
/// not a SIGPIPE). Used by one probe at a time; its exchanges block a thread of their own.
final class ProbeHelperProcess: Sendable {
    enum Answer: Equatable {
        case line([UInt8])
        /// It closed its output: how it ended.
        case ended(ExitStatus)
        case timedOut
        case tooLong
        case cancelled
    }

    enum StartFailure: Error {
        case unusable
        case cancelled
    }

    let child: SpawnedProcess
    private let socket: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    /// Bytes read past the last line, and whether the task waiting was cancelled.
    private let state = Mutex<(pending: [UInt8], isCancelled: Bool)>(([], false))

    private init(child: SpawnedProcess, socket: Int32, wake: (Int32, Int32)) {
        self.child = child
        self.socket = socket
        (wakeReader, wakeWriter) = wake
    }

    deinit {
        // Its input closes: an idle helper reads the end and quits; a killed one is reaped.
        close(socket)
        close(wakeReader)
        close(wakeWriter)
    }

    var isRunning: Bool { child.exitStatus == nil }

    /// Starts the helper and waits for its greeting.
    static func start(_ executable: String, arguments: [String], within limit: Duration) async -> Result<ProbeHelperProcess, StartFailure> {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return .failure(.unusable)
        }
        var wake: [Int32] = [-1, -1]
        guard cmpv_pipe_cloexec(&wake) == 0 else {
            ends.forEach { close($0) }
            return .failure(.unusable)
        }
        let child: SpawnedProcess
        do {
            child = try SpawnedProcess.spawn(executable, arguments, descriptors: [.copy(of: ends[1]), .copy(of: ends[1]), .null])
        } catch {
            (ends + wake).forEach { close($0) }
            return .failure(.unusable)
        }
        close(ends[1])
        let helper = ProbeHelperProcess(child: child, socket: ends[0], wake: (wake[0], wake[1]))
        switch await helper.exchange(nil, within: limit) {
        case .line(let line) where line == HelperProbe.greeting:
            return .success(helper)
        case .cancelled:
            return .failure(.cancelled)
        default:
            helper.kill()
            return .failure(.unusable)
        }
    }

    /// Hands the helper `path` and waits for its answer line.
    func ask(_ path: String, within limit: Duration) async -> Answer {
        await exchange(Array(path.utf8) + [0], within: limit)
    }

    /// Kills the helper's process group, by pid, while it is not reaped.
    func kill() {
        child.signal(SIGKILL, group: true)
    }

    /// Sends `request` (if any), then reads one line, on a thread of its own; the task's
    /// cancellation kills the helper and wakes the thread at once.
    private func exchange(_ request: [UInt8]?, within limit: Duration) async -> Answer {
        let deadline = ContinuousClock.now + limit
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                startDetachedThread { [self] in
                    continuation.resume(returning: blockingExchange(request, until: deadline))
                }
            }
        } onCancel: {
            state.withLock { $0.isCancelled = true }
            kill()
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        }
    }

    private func blockingExchange(_ request: [UInt8]?, until deadline: ContinuousClock.Instant) -> Answer {
        if state.withLock({ $0.isCancelled }) { return .cancelled }
        if let request, !send(request) { return ended() }
        var pending = state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = Array(pending[..<newline])
                let rest = Array(pending[(newline + 1)...])
                state.withLock { $0.pending = rest }
                return .line(line)
            }
            if pending.count > HelperProbe.maximumAnswer {
                kill()
                return .tooLong
            }
            let ready = poll(&fds, 2, ChildProcess.milliseconds(until: deadline))
            if ready < 0, errno == EINTR { continue }
            if fds[1].revents != 0 || state.withLock({ $0.isCancelled }) { return .cancelled }
            if ready == 0 {
                kill()
                return .timedOut
            }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 { return ended() }
            pending += buffer[..<count]
        }
    }

    /// Writes all of `bytes`; false when the helper is gone.
    private func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// How the helper ended, once it closed its side: waited for briefly, then killed.
    private func ended() -> Answer {
        if !child.waitForExit(milliseconds: 2000) {
            kill()
            _ = child.waitForExit(milliseconds: -1)
        }
        return .ended(child.exitStatus ?? .exited(code: 0))
    }
}
