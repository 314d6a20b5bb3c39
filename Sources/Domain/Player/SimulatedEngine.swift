import Catalog
import Spin

/// An engine with no picture: media time passes on a clock, one position per second, and a
/// seek takes `seekLatency` (as a network stream would).
///
///     SimulatedEngine()                                   // follows the spin's clock
///     SimulatedEngine(seekLatency: .zero, clock: clock)   // its own clock, instant seeks
///
/// It keeps no state: iterating `positions(of:from:)` *is* the playback, so the player's
/// playback effect plays it, and cancelling that effect pauses it. `play()` and `pause()`
/// therefore have nothing to do.
package struct SimulatedEngine: PlayerEngine {
    package var seekLatency: Duration
    /// nil: the clock of the spin running the effect (`Effect.clock`), so `--speed` and test
    /// clocks apply to the simulation too.
    private let clock: (any Clock<Duration>)?

    package init(seekLatency: Duration = .milliseconds(300), clock: (any Clock<Duration>)? = nil) {
        self.seekLatency = seekLatency
        self.clock = clock
    }

    package func play() {}

    package func pause() {}

    package func seek(to position: Int) async {
        try? await (clock ?? Effect.clock).sleep(for: seekLatency)
    }

    package func positions(of title: Title, from position: Int) -> SimulatedPositions {
        positions(of: title, from: position, speed: PlaybackChoice.normalSpeed)
    }

    /// At `speed` percent: a second of media time every 100/`speed` seconds of the clock.
    package func positions(of title: Title, from position: Int, speed: Int) -> SimulatedPositions {
        SimulatedPositions(start: position, end: title.duration, clock: clock, speed: speed)
    }
}

/// The positions of a simulated playback: `start + 1`, `start + 2`, … `end`, one per second of
/// the clock, then the sequence finishes (reaching the end stops playback).
package struct SimulatedPositions: AsyncSequence, Sendable {
    package typealias Element = Int
    package typealias Failure = Never

    let start: Int
    let end: Int
    let clock: (any Clock<Duration>)?
    var speed = PlaybackChoice.normalSpeed

    package func makeAsyncIterator() -> Iterator {
        Iterator(position: start, end: end, clock: clock, speed: Swift.max(speed, 1))
    }

    package struct Iterator: AsyncIteratorProtocol {
        package typealias Failure = Never

        var position: Int
        let end: Int
        let clock: (any Clock<Duration>)?
        let speed: Int

        package mutating func next() async -> Int? {
            guard position < end else { return nil }
            // The clock is looked up here, in the iterating task, where `Effect.clock` is the spin's.
            do {
                try await (clock ?? Effect.clock).sleep(for: PlayerTiming.positionUpdate * 100 / speed)
            } catch {
                return nil
            }
            position += 1
            return position
        }
    }
}
