import Catalog

/// Tells an engine to play or pause, its volume, tracks and speed, when the wanted settings change,
/// following a spin's wanted settings in order (nil: no player, or its media is not ready).
///
/// Why one stream rather than an effect per change: effects run in tasks of their own, so a
/// pause followed at once by a play could reach the engine in the wrong order. Here one task
/// sees every change in order and makes the calls one after the other. It is fed by
/// `Feedback(distinct:stream:)`, so a state that leaves the settings as they were (a key in the
/// list, a position report) does not wake it. It emits no events.
///
/// A title's media starts paused at the engine's own volume. When a title's settings first
/// appear (its media is ready), the volume, tracks and speed are set once and playback started if wanted; after
/// that only changes are passed on.
struct EngineControl<Engine: PlayerEngine>: AsyncSequence {
    typealias Element = Never
    typealias Failure = Never

    let settings: AsyncStream<EngineSettings?>
    let engine: Engine

    func makeAsyncIterator() -> Iterator {
        Iterator(settings: settings.makeAsyncIterator(), engine: engine)
    }

    struct Iterator: AsyncIteratorProtocol {
        typealias Failure = Never

        var settings: AsyncStream<EngineSettings?>.Iterator
        let engine: Engine
        /// What the engine was last told, for the title it was told about.
        var applied: EngineSettings?

        /// Returns nil when the spin stops; never returns an element.
        mutating func next() async -> Never? {
            while let next = await settings.next() {
                guard let wanted = next else {
                    // The player closed (or its media is not ready): quiet, as the player is.
                    if applied?.isPlaying == true { engine.pause() }
                    applied = nil
                    continue
                }
                if applied?.titleID != wanted.titleID {
                    engine.setVolume(wanted.volume, muted: wanted.isMuted)
                    engine.setPlayback(wanted.playback)
                    if wanted.isPlaying { engine.play() }
                    applied = wanted
                    continue
                }
                guard let last = applied, last != wanted else { continue }
                if last.volume != wanted.volume || last.isMuted != wanted.isMuted {
                    engine.setVolume(wanted.volume, muted: wanted.isMuted)
                }
                if last.playback != wanted.playback { engine.setPlayback(wanted.playback) }
                if last.isPlaying != wanted.isPlaying {
                    if wanted.isPlaying { engine.play() } else { engine.pause() }
                }
                applied = wanted
            }
            // The spin stopped: leave the engine as quiet as the player.
            if applied?.isPlaying == true { engine.pause() }
            return nil
        }
    }
}
