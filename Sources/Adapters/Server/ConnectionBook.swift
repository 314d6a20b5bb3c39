import Synchronization

/// Every connection a running `LibraryServer` has open, and where each stands: what lets the
/// server keep its connection limit without locking real clients out, count the transfers a
/// shutdown waits for, and close what is left when the grace is over.
///
/// A connection is in one of four phases. Three of them cost the server nothing but a socket
/// and owe it something: **idle** (it has said nothing yet, or is between requests, or is
/// still trickling a request's head), **receiving** (its request's head came, the body has not
/// all come) and **waiting** (a long poll for the library's next change). Past `maximumIdle`
/// connections, each new one makes room: the one of those three that has been in its phase the
/// longest is closed, or, if it is a long poll, answered at once with "nothing new" and
/// `Connection: close` (its client asks again, on a new connection). One that has not sent a
/// request yet goes only when no other is left: a real client's connection is one of them
/// between its accept and the reading of its request. A connection **working** on a request
/// (reading the library, sending an answer or a file) is never closed to make room, so a page
/// request that got in is always answered.
///
///     let book = ConnectionBook(maximumIdle: 80)
///     book.opened(id) { channel.close(promise: nil) }   // may make room
///     book.enter(id, .receiving)
///     book.waiting(id, answerNow: cutShort)   // cutShort: given by ChangeBroadcast.wait
final class ConnectionBook: Sendable {
    /// Where a connection stands (see the type).
    enum Phase: Equatable, Sendable {
        case idle, receiving, working, waiting
    }

    private struct Entry {
        /// Closes the connection at once, from its guard (past `FlushBeforeClose`).
        var close: @Sendable () -> Void
        var phase: Phase
        /// When the connection entered its phase, in the book's own count (older is smaller).
        var since: UInt64
        /// Answers its long poll now (`waiting` only).
        var answerNow: (@Sendable () -> Void)?
        /// A request's head has come on it: until then it may be a real client's, just accepted,
        /// its request not yet read.
        var hasSpoken = false
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var tick: UInt64 = 0
        var madeRoom = 0
    }

    private let state = Mutex(State())
    private let maximumIdle: Int

    init(maximumIdle: Int) {
        self.maximumIdle = maximumIdle
    }

    /// A connection opened, which `close` closes at once; makes room if there are now too many.
    func opened(_ id: ObjectIdentifier, close: @escaping @Sendable () -> Void) {
        let makeRoom: (@Sendable () -> Void)? = state.withLock { state in
            state.tick += 1
            state.entries[id] = Entry(close: close, phase: .idle, since: state.tick)
            guard state.entries.count > maximumIdle else { return nil }
            // Connections that have not spoken yet go last: a real client's connection is one
            // of them for the moment between its accept and the reading of its request.
            let oldest = state.entries.lazy.filter { $0.key != id && $0.value.phase != .working }
                .min { ($0.value.hasSpoken ? 0 : 1, $0.value.since) < ($1.value.hasSpoken ? 0 : 1, $1.value.since) }
            guard let (victim, entry) = oldest else { return nil }
            state.madeRoom += 1
            if entry.phase == .waiting, let answerNow = entry.answerNow {
                state.entries[victim]!.phase = .working
                state.entries[victim]!.answerNow = nil
                return answerNow
            }
            state.entries[victim] = nil
            return entry.close
        }
        makeRoom?()
    }

    func closed(_ id: ObjectIdentifier) {
        state.withLock { _ = $0.entries.removeValue(forKey: id) }
    }

    /// The connection entered `phase` (`waiting` goes through `waiting(_:answerNow:)`), if it
    /// was in `from` (any phase: nil). The request's end is read on the connection's event loop
    /// while its answer is made on another thread: a long poll can begin before its end is read.
    func enter(_ id: ObjectIdentifier, _ phase: Phase, from: Phase? = nil) {
        state.withLock { state in
            guard let entry = state.entries[id], entry.phase != phase, from == nil || entry.phase == from else { return }
            state.tick += 1
            state.entries[id]!.phase = phase
            state.entries[id]!.since = state.tick
            state.entries[id]!.answerNow = nil
            if phase == .receiving { state.entries[id]!.hasSpoken = true }
        }
    }

    /// The connection's request is a long poll, which `answerNow` answers at once.
    func waiting(_ id: ObjectIdentifier, answerNow: @escaping @Sendable () -> Void) {
        state.withLock { state in
            guard state.entries[id] != nil else { return }
            state.tick += 1
            state.entries[id]!.phase = .waiting
            state.entries[id]!.since = state.tick
            state.entries[id]!.answerNow = answerNow
        }
    }

    /// Connections with a request under way (receiving, working or waiting): the transfers a
    /// shutdown waits for.
    var busyCount: Int {
        state.withLock { $0.entries.values.count { $0.phase != .idle } }
    }

    var openCount: Int {
        state.withLock { $0.entries.count }
    }

    /// How many connections were closed, or long polls answered early, to make room.
    var madeRoom: Int {
        state.withLock { $0.madeRoom }
    }

    /// Closes every connection still open (the grace of a shutdown is over, or a second Ctrl+C).
    func closeAll() {
        let closes = state.withLock { state in
            defer { state.entries = [:] }
            return state.entries.values.map(\.close)
        }
        for close in closes { close() }
    }
}
