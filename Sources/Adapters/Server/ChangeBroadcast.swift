import Library
import Synchronization

/// The library's changes, told to the clients waiting on `GET /v1/changes`: a generation that
/// goes up at every commit to the library (a scan, a client's watch marks: `LibraryFileWatch`,
/// no polling), and the requests waiting for it to pass the one they know. A stop answers every
/// waiting request at once, so a shutdown never waits for them.
///
///     let changes = ChangeBroadcast()
///     let generation = await changes.wait(after: 3, atMost: .seconds(20))
final class ChangeBroadcast: Sendable {
    private struct State {
        var generation = 1
        var isStopped = false
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

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
    /// the request is cancelled (its client went away).
    func wait(after known: Int, atMost: Duration) async -> Int {
        let id: UInt64? = state.withLock { state in
            guard state.generation == known, !state.isStopped else { return nil }
            state.nextWaiter += 1
            return state.nextWaiter
        }
        guard let id else { return generation }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let resumeNow = state.withLock { state -> Bool in
                            if state.generation != known || state.isStopped || Task.isCancelled { return true }
                            state.waiters[id] = continuation
                            return false
                        }
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
        return generation
    }
}
