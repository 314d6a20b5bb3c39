import Spin

extension Recording {
    /// A feedback that emits the recorded events at their times on the spin's clock, from the
    /// spin's start. Build the spin from `initialState` with this and the reducer, and without
    /// the effect feedbacks whose results were recorded: it ends in the recorded final state.
    ///
    ///     let replay = Spin(initialState: recording.initialState, clock: clock) {
    ///         recording.replay()
    ///         Reducer(appReducer)
    ///     }
    public func replay() -> Feedback<State, Event> {
        let events = self.events
        return Feedback { core in
            core.launch(ReplayedEvents(events: events, clock: core.clock), lifetime: .spin, catching: nil)
            return FeedbackHooks()
        }
    }
}

/// The recorded events as a sequence that waits on `clock` until each one's time.
struct ReplayedEvents<Event: Codable & Sendable>: AsyncSequence, Sendable {
    let events: [RecordedEvent<Event>]
    let clock: any Clock<Duration>

    struct AsyncIterator: AsyncIteratorProtocol {
        let events: [RecordedEvent<Event>]
        let clock: any Clock<Duration>
        var index = 0
        var now = Duration.zero

        mutating func next() async throws -> Event? {
            guard index < events.count else { return nil }
            let recorded = events[index]
            if recorded.at > now {
                try await clock.sleep(for: recorded.at - now)
                now = recorded.at
            }
            index += 1
            return recorded.event
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(events: events, clock: clock) }
}
