/// Every duration and count the player's behaviour depends on, in one place.
///
/// The waits run on the spin's clock (`Effect.clock`), so a test clock controls them and a
/// faster clock (`--speed`) shortens them all alike.
public enum PlayerTiming {
    /// The HUD hides itself this long after the last key press, while playing.
    public static let hudAutoHide: Duration = .seconds(3)
    /// A countdown prompt (skip intro, up next) counts down once per this interval.
    public static let countdownTick: Duration = .seconds(1)
    /// The number a countdown prompt starts from: "Skip intro (10)".
    public static let countdownStart = 10
    /// How much media time passes between two position updates.
    public static let positionUpdate: Duration = .seconds(1)
}
