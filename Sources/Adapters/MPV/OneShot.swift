import Spin
import Synchronization

/// A value that arrives once, from any thread, for any number of tasks awaiting it: the reply
/// to a command, the end of a seek, the exit of a process. The first `fulfill` wins; later ones
/// are ignored, so a timeout and the answer it guards can race safely.
///
///     let reply = OneShot<Int>()
///     readerThread { reply.fulfill(42) }
///     let value = await reply.value
final class OneShot<Value: Sendable>: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Value, Never>])
        case done(Value)
    }

    private let state = Mutex<State>(.waiting([]))

    init() {}

    /// Returns whether this call set the value (false if it was already set).
    @discardableResult
    func fulfill(_ value: Value) -> Bool {
        let waiters: [CheckedContinuation<Value, Never>]? = state.withLock { state in
            guard case .waiting(let waiters) = state else { return nil }
            state = .done(value)
            return waiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: value) }
        return true
    }

    /// The value, if it arrived.
    var current: Value? {
        state.withLock { state in
            if case .done(let value) = state { return value }
            return nil
        }
    }

    var value: Value {
        get async {
            await withCheckedContinuation { continuation in
                let value: Value? = state.withLock { state in
                    switch state {
                    case .waiting(let waiters):
                        state = .waiting(waiters + [continuation])
                        return nil
                    case .done(let value):
                        return value
                    }
                }
                if let value { continuation.resume(returning: value) }
            }
        }
    }
}

/// A flag that is claimed once: the first `claim()` returns true, every later one false.
final class OnceFlag: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
