import Spin
import Synchronization

/// A durable write the first frame should not wait for: run on the effect thread a moment
/// after the start (after the first page's effect), or at the latest when its result is asked
/// for, on the way out. No thread of its own.
///
///     let remembered = BackgroundWork(on: effects) { (try? store.rememberCatalog(path)) == nil ? "…" : nil }
///     app.run()
///     let notice = remembered.result
final class BackgroundWork<Result: Sendable>: Sendable {
    private let outcome = Mutex<Result?>(nil)
    private let work: @Sendable () -> Result

    init(on effects: EffectThread, after delay: Duration = .milliseconds(100), _ work: @escaping @Sendable () -> Result) {
        self.work = work
        Task(executorPreference: effects) { [self] in
            try? await effects.clock.sleep(for: delay)
            _ = result
        }
    }

    /// The work's result: it runs now if it has not yet (waiting for it if it is running).
    var result: Result {
        outcome.withLock { outcome in
            if let outcome { return outcome }
            let value = work()
            outcome = value
            return value
        }
    }
}
