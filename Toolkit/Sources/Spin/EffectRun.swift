import Synchronization

/// One run of an effect: the identity that tags every event the run produces.
///
/// The drain loop drops an event whose run was cancelled before the event is reduced, even when
/// the event was already queued. That is what makes stale events impossible: cancelling a run is
/// enough, nobody has to race the queue.
@usableFromInline
package final class EffectRun: Sendable {
    /// Whether the run lives as long as the spin (a state-stream feedback), is a one-off effect,
    /// or is a repeating timer (`Feedback.every`), which runs until its condition turns false
    /// and is not work a test must see finish.
    @usableFromInline
    package enum Lifetime: Sendable { case effect, spin, timer }

    package let id: UInt64
    package let lifetime: Lifetime
    @usableFromInline let cancelled = Atomic<Bool>(false)
    private let task = Lock<Task<Void, Never>?>(nil)

    package init(id: UInt64, lifetime: Lifetime) {
        self.id = id
        self.lifetime = lifetime
    }

    @inlinable
    package var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Cancels the task and marks every event of this run, queued or future, as stale.
    @usableFromInline
    package func cancel() {
        cancelled.store(true, ordering: .releasing)
        task.withLock { $0 }?.cancel()
    }

    func attach(_ newTask: Task<Void, Never>) {
        task.withLock { $0 = newTask }
        // A cancel that raced the attachment still reaches the task.
        if isCancelled { newTask.cancel() }
    }
}
