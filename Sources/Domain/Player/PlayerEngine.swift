import Catalog

/// What plays the picture: the seam between the player's state machine and a real or simulated
/// video engine. The player's feedbacks are its only callers.
///
///     let player = PlayerFeedbacks(engine: SimulatedEngine())
///
/// How the feedbacks call it, so an implementation knows what to expect:
/// - `open(_:at:)` is iterated for as long as the player shows a title with `media` (one that
///   plays for real); cancelling the iteration closes the media (and ends any process behind
///   it). A new title cancels the old iteration and starts a new one, and the two may overlap:
///   the calls below are for the title opened last. Titles without `media` are never opened.
/// - Nothing below is called for a title with media before `open` reported `.loaded`.
/// - `play()` and `pause()` follow the user's intent, in the order the states had it, and only
///   on a change; so do `setVolume(_:muted:)` and `setPlayback(_:)`. They must return quickly.
/// - `positions(of:from:speed:)` is iterated while the player wants the picture to move (playing, not
///   seeking, not at the end), and iteration is cancelled to stop it: the position never
///   changes behind the state machine's back. The sequence finishes at the end of the media,
///   after yielding the title's duration.
/// - `seek(to:)` is awaited by an effect that is cancelled when the seek is no longer wanted;
///   its completion is what tells the player the seek finished.
package protocol PlayerEngine: Sendable {
    associatedtype Positions: AsyncSequence & Sendable where Positions.Element == Int, Positions.Failure == Never
    associatedtype Reports: AsyncSequence & Sendable = NoMediaReports
        where Reports.Element == MediaReport, Reports.Failure == Never

    /// Opens the media of `title` (which has `media`), to start at `position` seconds, and
    /// reports `.loaded` once it can play, or `.failed`. The media starts paused.
    func open(_ title: Title, at position: Int) -> Reports
    func play()
    func pause()
    /// Volume 0 … 130 (100 is the media's own level), and mute.
    func setVolume(_ volume: Int, muted: Bool)
    /// The audio and subtitle tracks (ids from the media's `MediaInfo.tracks`), the subtitles'
    /// delay and the speed.
    func setPlayback(_ playback: PlaybackChoice)
    /// Moves to `position` (seconds), returning once playback can resume from there. Returns
    /// early if the calling task is cancelled.
    func seek(to position: Int) async
    /// The position in seconds, once per second of media time, starting after `position` and
    /// finishing at the end of `title`.
    func positions(of title: Title, from position: Int) -> Positions
    /// The same at `speed` percent of normal speed: an engine that keeps its own time (mpv)
    /// knows its speed from `setPlayback` and need not implement it.
    func positions(of title: Title, from position: Int, speed: Int) -> Positions
}

extension PlayerEngine where Reports == NoMediaReports {
    /// An engine that plays titles without media only has nothing to open.
    package func open(_ title: Title, at position: Int) -> NoMediaReports { NoMediaReports() }
}

extension PlayerEngine {
    /// Engines without sound ignore the volume.
    package func setVolume(_ volume: Int, muted: Bool) {}

    /// Engines without tracks ignore them.
    package func setPlayback(_ playback: PlaybackChoice) {}

    package func positions(of title: Title, from position: Int, speed: Int) -> Positions {
        positions(of: title, from: position)
    }
}
