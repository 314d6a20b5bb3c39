import Synchronization
import Catalog
#if canImport(Glibc)
import ProcessControl
import Glibc
#endif
import JSON
import Spin

/// The JSON IPC connection to one mpv: commands out, replies and events in.
///
///     let connection = MPVConnection(socket: process.socket, replyTimeout: .seconds(5)) { message in … }
///     connection.start()
///     let reply = await connection.command(["get_property", "duration"])   // .reply, .timedOut or .closed
///
/// One thread of its own reads the socket and keeps the timers (reply timeouts, and those of the
/// session): it sleeps in `poll` until a byte arrives or the next timer is due, so a quiet
/// connection costs no CPU and no dispatch. Messages and timers are handled on that thread, in
/// order: a reply's completion runs before the next message is looked at.
final class MPVConnection: Sendable {
    enum CommandResult: Sendable {
        case reply(MPVReply)
        /// No reply within the reply timeout.
        case timedOut
        /// The connection closed before the reply came.
        case closed
    }

    typealias Completion = @Sendable (CommandResult) -> Void

    private struct Timer {
        var id: Int
        var deadline: ContinuousClock.Instant
        var action: @Sendable () -> Void
    }

    private struct State {
        var isOpen = true
        /// Request ids start at 1: mpv answers commands sent without one with 0.
        var nextRequestID = 1
        var pending: [Int: (completion: Completion, timeoutTimer: Int)] = [:]
        var nextTimerID = 1
        var timers: [Timer] = []
        /// The deadline the reading thread sleeps towards, to know when an earlier timer must
        /// wake it.
        var sleepingUntil: ContinuousClock.Instant?
    }

    let replyTimeout: Duration
    /// Called on the reading thread for each message, in order.
    private let onMessage: @Sendable (MPVMessage) -> Void
    /// Called on the reading thread once, when mpv's end of the socket is gone (or we closed ours).
    private let onClose: @Sendable () -> Void
    private let socket: Int32
    /// A pipe that wakes the reading thread when a timer is added before the one it waits for.
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let state = Mutex(State())

    init(
        socket: Int32, replyTimeout: Duration,
        onMessage: @escaping @Sendable (MPVMessage) -> Void, onClose: @escaping @Sendable () -> Void
    ) {
        self.socket = socket
        self.replyTimeout = replyTimeout
        self.onMessage = onMessage
        self.onClose = onClose
        var wake: [Int32] = [-1, -1]
        if pipe(&wake) == 0 {
            for end in wake {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, O_NONBLOCK)
            }
        }
        (wakeReader, wakeWriter) = (wake[0], wake[1])
    }

    deinit {
        Glibc.close(wakeReader)
        Glibc.close(wakeWriter)
    }

    /// Starts the reading thread. It holds the connection until mpv's end closes.
    func start() {
        startDetachedThread { [self] in readUntilClosed() }
    }

    // MARK: Commands

    /// An id for a command about to be sent, for callers that must know it before the reply
    /// can arrive.
    func reserveRequestID() -> Int {
        state.withLock { state in
            defer { state.nextRequestID += 1 }
            return state.nextRequestID
        }
    }

    /// Sends `command`; `completion` runs on the reading thread with mpv's reply, or after the
    /// reply timeout, or when the connection closes. Never blocks: a command that does not fit
    /// in the socket's buffer (mpv stopped reading) counts as unanswered.
    func send(_ command: [JSONValue], id: Int? = nil, completion: Completion? = nil) {
        let id = id ?? reserveRequestID()
        let line = Array(#"{"command":\#(command.jsonText),"request_id":\#(id)}"#.utf8) + [UInt8(ascii: "\n")]
        let failure: CommandResult? = state.withLock { state in
            guard state.isOpen else { return .closed }
            let sent = line.withUnsafeBytes { bytes in
                Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            }
            guard sent == line.count else { return sent < 0 && errno != EAGAIN ? .closed : .timedOut }
            if let completion {
                let timer = addTimer(to: &state, after: replyTimeout) { [self] in expire(request: id) }
                state.pending[id] = (completion, timer)
            }
            return nil
        }
        if let failure { completion?(failure) }
    }

    /// Sends `command` and waits for its outcome.
    func command(_ command: [JSONValue]) async -> CommandResult {
        let result = OneShot<CommandResult>()
        send(command) { result.fulfill($0) }
        return await result.value
    }

    private func expire(request id: Int) {
        let entry = state.withLock { $0.pending.removeValue(forKey: id) }
        entry?.completion(.timedOut)
    }

    // MARK: Timers

    /// Runs `action` on the reading thread after `delay`, unless cancelled; returns its id.
    /// Nothing runs once the connection closed.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Int {
        state.withLock { addTimer(to: &$0, after: delay, action) }
    }

    func cancelTimer(_ id: Int) {
        state.withLock { $0.timers.removeAll { $0.id == id } }
    }

    private func addTimer(to state: inout State, after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Int {
        let timer = Timer(id: state.nextTimerID, deadline: .now + delay, action: action)
        state.nextTimerID += 1
        state.timers.append(timer)
        if let sleepingUntil = state.sleepingUntil, timer.deadline >= sleepingUntil {
            return timer.id  // the reader wakes in time already
        }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
        return timer.id
    }

    // MARK: Closing

    /// Closes our end for both directions: mpv sees the end of its connection and quits, and
    /// the reading thread ends (and closes the socket). Pending commands complete as `.closed`.
    func close() {
        state.withLock { state in
            if state.isOpen { _ = shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    // MARK: Reading

    private func readUntilClosed() {
        var framer = LineFramer()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        reading: while true {
            let timeout = state.withLock { state -> Int32 in
                let next = state.timers.map(\.deadline).min()
                state.sleepingUntil = next
                guard let next else { return -1 }
                let (seconds, attoseconds) = (next - .now).components
                return Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
            }
            var fds = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0, errno != EINTR { break }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while read(wakeReader, &drain, drain.count) > 0 {}
            }
            runDueTimers()
            if fds[0].revents != 0 {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { break reading }
                if count > 0 {
                    for line in framer.append(buffer[..<count]) {
                        guard let message = MPVMessage(line: line) else { continue }
                        deliver(message)
                    }
                }
            }
        }
        let pending = state.withLock { state in
            state.isOpen = false
            state.timers.removeAll()
            defer { state.pending.removeAll() }
            Glibc.close(socket)
            return state.pending.values.map(\.completion)
        }
        for completion in pending { completion(.closed) }
        onClose()
    }

    private func deliver(_ message: MPVMessage) {
        onMessage(message)
        guard case .reply(let reply) = message else { return }
        let entry: (completion: Completion, timeoutTimer: Int)? = state.withLock { state in
            guard let entry = state.pending.removeValue(forKey: reply.requestID) else { return nil }
            state.timers.removeAll { $0.id == entry.timeoutTimer }
            return entry
        }
        entry?.completion(.reply(reply))
    }

    private func runDueTimers() {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            let due = state.timers.filter { $0.deadline <= now }
            state.timers.removeAll { $0.deadline <= now }
            return due
        }
        for timer in due.sorted(by: { $0.deadline < $1.deadline }) { timer.action() }
    }
}
