/// Every duration and count the player's behaviour depends on, in one place.
///
/// The waits run on the spin's clock (`Effect.clock`), so a test clock controls them and a
/// faster clock (`--speed`) shortens them all alike.
package enum PlayerTiming {
    /// The HUD hides itself this long after the last key press, while playing.
    package static let hudAutoHide: Duration = .seconds(3)
    /// A countdown prompt (skip intro, up next) counts down once per this interval.
    package static let countdownTick: Duration = .seconds(1)
    /// The number a countdown prompt starts from: "Skip intro (10)".
    package static let countdownStart = 10
    /// How much media time passes between two position updates.
    package static let positionUpdate: Duration = .seconds(1)
    /// The seek preview stays this long after its seek landed (or after the last seek key).
    package static let seekPreviewLinger: Duration = .milliseconds(1500)
    /// The seek preview has one frame per this many seconds of the title.
    package static let previewInterval = 10
}
