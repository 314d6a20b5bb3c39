/// `every`: a repeating timer on the spin's clock, running while a condition on the state holds.
///
///     Feedback<Player, PlayerEvent>.every(.seconds(1), while: \.isPlaying, send: .ticked)
///
/// The condition runs synchronously for every state. When it turns true, a timer starts from
/// that moment and sends the event after each `interval` (at 1 s, 2 s, 3 s… on the spin's clock,
/// without drift: each tick sleeps until its own deadline, not for an interval after the last
/// one was handled). When it turns false, the timer is cancelled, and a tick already queued is
/// dropped; when it turns true again, the count starts over from then. While it stays true, the
/// timer runs on: the states its own ticks produce do not restart it.
///
/// Between ticks the timer is one task asleep on the clock: no polling, no work. A `TestStore`
/// drives it with `advance(by:)`, and does not count a running timer as unfinished work at
/// `finish()`: a timer never ends on its own, so `finish()` stops it with the spin (its ticks
/// must still all be received).
extension Feedback {
    /// Sends `event` every `interval` while `condition` holds for the state.
    ///
    ///     Feedback.every(.seconds(2), while: { $0.downloads.contains(where: \.isRunning) }, send: .refreshTick)
    ///
    /// - Precondition: `interval` is positive.
    public static func every(
        _ interval: Duration,
        while condition: @escaping @Sendable (State) -> Bool,
        send event: Event
    ) -> Self {
        precondition(interval > .zero, "Feedback.every needs a positive interval")
        return Self { core in
            var currentRun: EffectRun?
            return FeedbackHooks(onState: { state in
                let isOn = condition(state)
                if isOn == (currentRun != nil) { return }
                currentRun?.cancel()
                currentRun = isOn ? core.launch(Ticks(interval: interval, event: event), lifetime: .timer, catching: nil) : nil
            })
        }
    }
}

/// The events of a running timer: `event` at every multiple of `interval` from its start.
struct Ticks<Event: Sendable>: AsyncSequence, Sendable {
    let interval: Duration
    let event: Event

    func makeAsyncIterator() -> Iterator { Iterator(interval: interval, event: event) }

    struct Iterator: AsyncIteratorProtocol {
        let interval: Duration
        let event: Event
        /// How many ticks were sent so far.
        var ticks: Int64 = 0
        /// Sleeps until the given tick's deadline, counted from the timer's start.
        var sleepUntilTick: (@Sendable (Int64) async throws -> Void)?

        mutating func next() async throws -> Event? {
            if sleepUntilTick == nil { sleepUntilTick = Self.schedule(on: Effect.clock, interval: interval) }
            ticks += 1
            try await sleepUntilTick?(ticks)
            return event
        }

        /// The deadlines of a timer started now on `clock` (opened from the spin's clock, whose
        /// instants are of a type only known here).
        private static func schedule<C: Clock<Duration>>(on clock: C, interval: Duration)
            -> @Sendable (Int64) async throws -> Void {
            let start = clock.now
            return { tick in try await clock.sleep(until: start.advanced(by: interval * tick), tolerance: nil) }
        }
    }
}
