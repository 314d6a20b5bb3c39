#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journal as a feedback: it sees each event the reducer actually reduced (never a stale
/// one) and writes the durable ones.
extension Journal {
    /// A feedback that journals the events `durable` keeps (all of them by default), possibly
    /// mapped to what should be replayed instead.
    ///
    ///     Spin(initialState: restored.state) {
    ///         journal.feedback(durable: { $0.isAnimationTick ? nil : $0 })
    ///         Reducer(appReducer)
    ///     }
    ///
    /// When the spin starts, its initial state becomes the journal's snapshot and the journal
    /// restarts empty: restore that state first (`restore(initialState:reducer:)`), or the
    /// previous session is replaced. Each drained batch is one `write`; a sync is scheduled on
    /// the spin's clock only while written bytes are not yet fsync'd; the spin's stop closes the
    /// journal (write, fsync).
    public func feedback(durable: @escaping @Sendable (Event) -> Event? = { $0 }) -> Feedback<State, Event> {
        Feedback { [self] core in
            start(from: core.state)
            core.onStop { [self] in close() }
            let encoder = JSONEncoder()
            let interval = syncInterval
            return FeedbackHooks(
                onBatchEnd: { [self] state in
                    guard endBatch(state) else { return }
                    core.launch({ [self] () async -> Event? in
                        try? await Effect.sleep(for: interval)
                        syncScheduled()
                        return nil
                    }, catching: nil)
                },
                onReduced: { [self] event, _ in
                    guard let entry = durable(event), var line = try? encoder.encode(entry) else { return }
                    line.append(UInt8(ascii: "\n"))
                    append(Array(line))
                }
            )
        }
    }
}
