/// What an effect can reach from the spin that runs it.
///
/// Effects wait (a 3-second auto-hide, a countdown) on the spin's clock rather than on a clock
/// of their own, so a test that builds the spin with a `TestClock` controls every wait:
///
///     try await Effect.clock.sleep(for: .seconds(3))
///     return .hudTimedOut
public enum Effect {
    /// The clock of the spin running the current effect; a `ContinuousClock` outside a spin.
    @TaskLocal public static var clock: any Clock<Duration> = ContinuousClock()

    /// Sleeps on the spin's clock. Throws `CancellationError` when the effect is cancelled.
    public static func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }
}
