import Library
import Synchronization

/// The library's changes, told to the clients waiting on `GET /v1/changes`: a generation that
/// goes up at every commit to the library (a scan, a client's watch marks: `LibraryFileWatch`,
/// no polling), and the requests waiting for it to pass the one they know. A stop answers every
/// waiting request at once, so a shutdown never waits for them.
///
/// At most `maximumWaiting` requests wait at once: past it, the one that has waited the longest
/// is answered at once, cut short ("nothing new": its client asks again). A request can also be
/// cut short from outside (the `ConnectionBook`, to make room for a new connection).
///
///     let changes = ChangeBroadcast(maximumWaiting: 48)
///     let (generation, cutShort) = await changes.wait(after: 3, atMost: .seconds(20))
final class ChangeBroadcast: Sendable {
    private struct State {
        var generation = 1
        var isStopped = false
        /// Waiting requests by their number (older is smaller), once they wait.
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        /// Requests between their start and their answer.
        var active: Set<UInt64> = []
        /// Active requests cut short: answered now, whatever the generation.
        var cut: Set<UInt64> = []
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())
    let maximumWaiting: Int

    init(maximumWaiting: Int) {
        self.maximumWaiting = max(1, maximumWaiting)
    }

    var generation: Int { state.withLock { $0.generation } }

    /// How many requests wait for a change now.
    var waiting: Int { state.withLock { $0.waiters.count } }

    /// Follows the library's commits until the task is cancelled (and, where the folder cannot
    /// be watched, only waits for that: the server runs on without telling changes).
    func follow(_ database: LibraryDatabase) async {
        // A watch that could not start (the database busy at that moment) is started again, a
        // few times; one that ends while the server runs, too.
        for attempt in 0 ..< 10 where !Task.isCancelled {
            let started = ContinuousClock.now
            for await _ in LibraryFileWatch.changes(of: database, interval: .milliseconds(500)) {
                changed()
            }
            guard !Task.isCancelled else { return }
            // Whatever happened meanwhile is told: a client reloads once too many, never too few.
            changed()
            if ContinuousClock.now - started < .seconds(1) { try? await Task.sleep(for: .milliseconds(200 << min(attempt, 5))) }
        }
        while !Task.isCancelled { try? await Task.sleep(for: .seconds(86_400)) }
    }

    func changed() {
        answerWaiters { $0.generation += 1 }
    }

    /// Answers every waiting request, and every later one at once.
    func stop() {
        answerWaiters { $0.isStopped = true }
    }

    /// Makes `update` and answers every request waiting until then.
    private func answerWaiters(after update: (inout State) -> Void) {
        let waiting = state.withLock { state in
            update(&state)
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiting { waiter.resume() }
    }

    /// The generation once it differs from `known`, or after `atMost`, or at a stop, or when
    /// the request is cancelled (its client went away), or cut short (`cutShort`: the answer is
    /// "nothing new", and the client should ask again). `onWaiting` is given, before the wait,
    /// what cuts this one short.
    func wait(after known: Int, atMost: Duration,
              onWaiting: (@escaping @Sendable () -> Void) -> Void = { _ in }) async -> (generation: Int, cutShort: Bool) {
        let id: UInt64? = state.withLock { state in
            guard state.generation == known, !state.isStopped else { return nil }
            state.nextWaiter += 1
            state.active.insert(state.nextWaiter)
            return state.nextWaiter
        }
        guard let id else { return (generation, false) }
        onWaiting { [self] in cutShort(id) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let (resumeNow, oldest) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
                            if state.generation != known || state.isStopped || state.cut.contains(id) || Task.isCancelled {
                                return (true, nil)
                            }
                            state.waiters[id] = continuation
                            // Past the budget, the longest wait ends now.
                            guard state.waiters.count > maximumWaiting, let first = state.waiters.keys.min() else { return (false, nil) }
                            state.cut.insert(first)
                            return (false, state.waiters.removeValue(forKey: first))
                        }
                        oldest?.resume()
                        if resumeNow { continuation.resume() }
                    }
                } onCancel: { [self] in
                    state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
                }
            }
            group.addTask { try? await Task.sleep(for: atMost) }
            await group.next()
            group.cancelAll()
        }
        return state.withLock { state in
            state.active.remove(id)
            return (state.generation, state.cut.remove(id) != nil)
        }
    }

    /// Answers request `id` now, if it has not been answered yet.
    private func cutShort(_ id: UInt64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.active.contains(id) else { return nil }
            state.cut.insert(id)
            return state.waiters.removeValue(forKey: id)
        }
        waiter?.resume()
    }
}
