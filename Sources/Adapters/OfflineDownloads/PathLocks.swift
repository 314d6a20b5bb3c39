import Synchronization

/// One holder at a time per final path, in this process: a transfer holds its file's path
/// while it runs, and a deletion holds the title's paths, so that a transfer started again
/// right after a cancel (or a deletion) waits for the old one to let go of `FINAL.part`
/// instead of writing it beside it. Waiting ends early, with false, when the waiting task is
/// cancelled.
///
///     guard await PathLocks.shared.acquire(path) else { throw CancellationError() }
///     defer { PathLocks.shared.release(path) }
final class PathLocks: Sendable {
    static let shared = PathLocks()

    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var held: Set<String> = []
        var waiters: [String: [Waiter]] = [:]
        /// Waits cancelled before their waiter was queued.
        var cancelled: Set<UInt64> = []
        var lastID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Waits until nobody holds `path`, then holds it (true); false if the task is cancelled first.
    func acquire(_ path: String) async -> Bool {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        let acquired = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer = state.withLock { state -> Bool? in
                    if state.cancelled.contains(id) { return false }
                    if state.held.insert(path).inserted { return true }
                    state.waiters[path, default: []].append(Waiter(id: id, continuation: continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                if var waiters = state.waiters[path], let index = waiters.firstIndex(where: { $0.id == id }) {
                    let waiter = waiters.remove(at: index)
                    state.waiters[path] = waiters.isEmpty ? nil : waiters
                    return waiter
                }
                state.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume(returning: false)
        }
        _ = state.withLock { $0.cancelled.remove(id) }
        return acquired
    }

    /// How many tasks wait for `path` (for tests).
    func waiting(for path: String) -> Int {
        state.withLock { $0.waiters[path]?.count ?? 0 }
    }

    /// Lets go of `path`: the longest waiter holds it next.
    func release(_ path: String) {
        let next = state.withLock { state -> Waiter? in
            guard var waiters = state.waiters[path], !waiters.isEmpty else {
                state.held.remove(path)
                return nil
            }
            let next = waiters.removeFirst()
            state.waiters[path] = waiters.isEmpty ? nil : waiters
            return next
        }
        next?.continuation.resume(returning: true)
    }
}
