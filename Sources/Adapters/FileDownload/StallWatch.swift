import Synchronization

/// Ends a transfer that makes no progress: `touch()` at every byte batch, and `expire(after:)`
/// throws `FileDownloadError.stalled` once that long passed without one.
final class StallWatch: Sendable {
    private let last = Mutex(ContinuousClock.now)

    /// Something arrived: the stall timer starts again.
    func touch() {
        last.withLock { $0 = .now }
    }

    /// Sleeps until `timeout` has passed since the last touch, then throws `.stalled`; a
    /// cancelled task ends it with `CancellationError`.
    func expire(after timeout: Duration) async throws {
        while true {
            let deadline = last.withLock { $0 } + timeout
            if ContinuousClock.now >= deadline { throw FileDownloadError.stalled(timeout) }
            try await Task.sleep(until: deadline, clock: .continuous)
        }
    }

    /// Runs `body` beside a watch of `timeout`: whichever ends first ends the other.
    static func run<Value: Sendable>(
        timeout: Duration, _ body: @escaping @Sendable (StallWatch) async throws -> Value
    ) async throws -> Value {
        let watch = StallWatch()
        return try await withThrowingTaskGroup(of: Value?.self, returning: Value.self) { group in
            group.addTask { try await body(watch) }
            group.addTask {
                try await watch.expire(after: timeout)
                return nil
            }
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next(), let value = first else { throw CancellationError() }
                return value
            } catch {
                if Task.isCancelled { throw CancellationError() }
                throw error
            }
        }
    }
}
