import Synchronization

/// What a running `LibraryServer` shares between `run()`, `shutDown()`, `stopNow()` and
/// `boundPort`: the port once bound, who waits for it, and the stop commands (asked before
/// `run()` starts, a command waits in the stream for it).
final class ServerState: Sendable {
    enum Command: Sendable {
        case graceful
        case now
    }

    private struct State {
        var port: Int?
        var ended = false
        var portWaiters: [CheckedContinuation<Int?, Never>] = []
    }

    private let state = Mutex(State())
    let commands: AsyncStream<Command>
    private let commandInput: AsyncStream<Command>.Continuation

    init() {
        (commands, commandInput) = AsyncStream.makeStream(of: Command.self)
    }

    func ask(_ command: Command) {
        commandInput.yield(command)
    }

    func bound(port: Int) {
        let waiters = state.withLock { state in
            state.port = port
            defer { state.portWaiters = [] }
            return state.portWaiters
        }
        for waiter in waiters { waiter.resume(returning: port) }
    }

    /// `run()` returned: nobody waits for a port any more.
    func ended() {
        commandInput.finish()
        let waiters = state.withLock { state in
            state.ended = true
            defer { state.portWaiters = [] }
            return state.portWaiters
        }
        for waiter in waiters { waiter.resume(returning: nil) }
    }

    var port: Int? {
        get async {
            await withCheckedContinuation { continuation in
                let known: Int?? = state.withLock { state in
                    if let port = state.port { return .some(port) }
                    if state.ended { return .some(nil) }
                    state.portWaiters.append(continuation)
                    return .none
                }
                if let known { continuation.resume(returning: known) }
            }
        }
    }

    /// The port when bound, without waiting.
    var currentPort: Int? {
        state.withLock { $0.port }
    }
}
