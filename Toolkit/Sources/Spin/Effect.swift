import CSpinSupport

/// What an effect can reach from the spin that runs it.
///
/// Effects wait (a 3-second auto-hide, a countdown) on the spin's clock rather than on a clock
/// of their own, so a test that builds the spin with a virtual clock controls every wait:
///
///     try await Effect.clock.sleep(for: .seconds(3))
///     return .hudTimedOut
public enum Effect {
    /// The clock of the spin running the current effect: in an effect's task, and also while a
    /// spin drains (where feedbacks build their effects), whichever thread drains it. A
    /// `ContinuousClock` outside any spin.
    ///
    ///     let clock = Effect.clock   // read while building: still the spin's clock
    ///     return AsyncStream { try? await clock.sleep(for: .seconds(1)); return .ticked }
    public static var clock: any Clock<Duration> {
        DrainContext.current?.clock ?? taskClock
    }

    /// The clock set for every effect task of a spin.
    @TaskLocal static var taskClock: any Clock<Duration> = ContinuousClock()

    /// Sleeps on the spin's clock. Throws `CancellationError` when the effect is cancelled.
    ///
    ///     try await Effect.sleep(for: .seconds(3))
    public static func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}

/// What the thread draining a spin offers the hooks it runs: the spin's clock.
///
/// A C thread-local rather than a task-local: setting a task-local costs ~70 ns (as much as
/// reducing an event), a thread-local a load and a store. Drains nest (a hook that emits into another, idle
/// spin drains it on the same thread), so each drain restores what it found.
@usableFromInline
package final class DrainContext: Sendable {
    package let clock: any Clock<Duration>

    package init(clock: any Clock<Duration>) { self.clock = clock }

    /// The context of the drain running on this thread, if any.
    static var current: DrainContext? {
        guard let pointer = spin_drain_context_get() else { return nil }
        return Unmanaged<DrainContext>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Makes this the current context; returns the one it replaces, to restore afterwards.
    /// The caller keeps `self` alive while it is current.
    @inlinable
    func enter() -> UnsafeMutableRawPointer? {
        let previous = spin_drain_context_get()
        spin_drain_context_set(Unmanaged.passUnretained(self).toOpaque())
        return previous
    }

    @inlinable
    static func leave(restoring previous: UnsafeMutableRawPointer?) {
        spin_drain_context_set(previous)
    }
}
