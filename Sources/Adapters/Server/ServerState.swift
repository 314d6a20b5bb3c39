import ServiceLifecycle
import Synchronization

/// What a running `LibraryServer` shares between `run()`, `shutDown()` and `boundPort`: the
/// service group once started, the port once bound, and who waits for either.
final class ServerState: Sendable {
    private struct State {
        var group: ServiceGroup?
        var port: Int?
        var shutDownAsked = false
        var ended = false
        var portWaiters: [CheckedContinuation<Int?, Never>] = []
    }

    private let state = Mutex(State())

    /// The group has started; returns whether a shutdown was asked before it did.
    func started(_ group: ServiceGroup) -> Bool {
        state.withLock { state in
            state.group = group
            return state.shutDownAsked
        }
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
        let waiters = state.withLock { state in
            state.ended = true
            state.group = nil
            defer { state.portWaiters = [] }
            return state.portWaiters
        }
        for waiter in waiters { waiter.resume(returning: nil) }
    }

    /// The group to shut down, if running; else remembers the wish for when it starts.
    func askShutDown() -> ServiceGroup? {
        state.withLock { state in
            state.shutDownAsked = true
            return state.group
        }
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
