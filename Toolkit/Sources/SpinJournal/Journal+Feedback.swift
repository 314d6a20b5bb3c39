#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Spin

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
    /// previous session is replaced. The file is written `openingDelay` after the first batch
    /// (`JournalOpening`), not before the first frame. Each drained batch is one `write`; a
    /// sync is scheduled on the spin's clock only while written bytes are not yet fsync'd; the
    /// spin's stop closes the journal (write, fsync).
    ///
    /// Continuing instead of snapshotting (a large state costs milliseconds to encode):
    ///
    ///     var state = restored.state
    ///     reducer.reduce(&state, .sessionResumed)            // what the new session starts from
    ///     journal.feedback(continuing: restored, prologue: [.sessionResumed])
    ///
    /// - Parameters:
    ///   - continuing: the restore this session starts from: the journal goes on after its
    ///     entries, beginning with `prologue`. The spin's initial state must be the restored state
    ///     with `prologue` reduced on it. When that journal cannot go on (none, or one a crash
    ///     left behind a newer snapshot), the initial state is snapshotted as usual.
    ///   - prologue: events written first, as if reduced (see `continuing`).
    public func feedback(
        continuing restore: JournalRestore<State>? = nil,
        prologue: [Event] = [],
        durable: @escaping @Sendable (Event) -> Event? = { $0 }
    ) -> Feedback<State, Event> {
        feedback(continuing: restore, prologue: prologue, durable: durable, isSameEvent: nil)
    }

    /// `isSameEvent` tells an event equal to the last one written, whose line is then written
    /// again without encoding it (see `LastEncodedEvent`).
    func feedback(
        continuing restore: JournalRestore<State>?,
        prologue: [Event],
        durable: @escaping @Sendable (Event) -> Event?,
        isSameEvent: (@Sendable (Event, Event) -> Bool)?
    ) -> Feedback<State, Event> {
        let continuation = restore?.continuation
        return Feedback { [self] core in
            if let continuation {
                prepareOpening(.resume(continuation, prologue: prologue, initialState: core.state))
            } else {
                prepareOpening(.snapshot(core.state))
            }
            // No delay: opened at once, before the first event is reduced (a journal attached
            // mid-run, whose first entries are worth keeping through a kill -9).
            if openingDelay == .zero { openNow() }
            core.onStop { [self] in close() }
            let encoder = JSONEncoder()
            var lastLine = LastEncodedEvent<Event>(isSame: isSameEvent)
            let interval = syncInterval
            let delay = openingDelay
            var isOpeningLaunched = delay == .zero
            // Once an event has been written, the file is open for good: no more lock per event.
            var isOpen = false
            /// Fsyncs what was written, `interval` later (at most one such effect at a time).
            func scheduleSync() {
                core.launch({ [self] () async -> Event? in
                    try? await Effect.sleep(for: interval)
                    syncScheduled()
                    return nil
                }, catching: nil)
            }
            return FeedbackHooks(
                onBatchEnd: { [self] state in
                    if !isOpeningLaunched {
                        // After the first frame, and after the effects it starts (a first page):
                        // the file is opened off the drawing thread. A stop before opens it then.
                        isOpeningLaunched = true
                        core.launch({ [self] () async -> Event? in
                            do { try await Effect.sleep(for: delay) } catch { return nil }
                            openNow()
                            return nil
                        }, catching: nil)
                    }
                    if endBatch(state) { scheduleSync() }
                },
                onReduced: { [self] event, state in
                    let entry = durable(event)
                    if !isOpen {
                        if keepUntilOpen(entry, state: state) { return }
                        isOpen = true
                    }
                    guard let entry else { return }
                    if let line = lastLine.line(for: entry) { return append(line) }
                    guard var line = try? encoder.encode(entry) else { return }
                    line.append(UInt8(ascii: "\n"))
                    let bytes = Array(line)
                    lastLine.remember(entry, line: bytes)
                    append(bytes)
                }
            )
        }
    }
}

extension Journal where Event: Equatable {
    /// The same feedback, for events that can be compared: an event equal to the last one
    /// written (a key held down) is written again without encoding it.
    ///
    ///     journal.feedback(durable: { $0.isAnimationTick ? nil : $0 })
    public func feedback(
        continuing restore: JournalRestore<State>? = nil,
        prologue: [Event] = [],
        durable: @escaping @Sendable (Event) -> Event? = { $0 }
    ) -> Feedback<State, Event> {
        feedback(continuing: restore, prologue: prologue, durable: durable, isSameEvent: { $0 == $1 })
    }
}
