import Catalog

/// What plays the picture: the seam between the player's state machine and a real or simulated
/// video engine. The player's feedbacks are its only callers.
///
///     let player = PlayerFeedbacks(engine: SimulatedEngine())
///
/// How the feedbacks call it, so an implementation knows what to expect:
/// - `play()` and `pause()` follow the user's intent, in the order the states had it, and only
///   on a change. They must return quickly.
/// - `positions(of:from:)` is iterated while the player wants the picture to move (playing, not
///   seeking, not at the end), and iteration is cancelled to stop it: the position never
///   changes behind the state machine's back.
/// - `seek(to:)` is awaited by an effect that is cancelled when the seek is no longer wanted;
///   its completion is what tells the player the seek finished.
public protocol PlayerEngine: Sendable {
    associatedtype Positions: AsyncSequence & Sendable where Positions.Element == Int, Positions.Failure == Never

    func play()
    func pause()
    /// Moves to `position` (seconds), returning once playback can resume from there. Returns
    /// early if the calling task is cancelled.
    func seek(to position: Int) async
    /// The position in seconds, once per second of media time, starting after `position` and
    /// finishing at the end of `title`.
    func positions(of title: Title, from position: Int) -> Positions
}
