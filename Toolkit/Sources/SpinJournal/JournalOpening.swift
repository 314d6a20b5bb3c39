/// What a journal keeps until its file is open: how to open it, and what the spin reduced
/// meanwhile.
///
/// Opening costs a snapshot (`JSONEncoder` over the whole state, whose first use also resolves
/// the Codable types' metadata) and several fsyncs and renames: milliseconds an app's first
/// frame should not wait for, nor the effects that frame starts (a first page, which an app's
/// single effect thread would run after the opening). So the journal's feedback opens its file
/// `openingDelay` after the spin's first batch, in an effect; the events reduced before are kept
/// here, as values, and written right after the header, in order, and fsync'd. The spin's stop
/// opens it at once if that effect never ran.
struct JournalOpening<State: Sendable, Event: Sendable>: Sendable {
    enum Start: Sendable {
        /// A new generation: `state` (the spin's initial state) becomes the snapshot.
        case snapshot(State)
        /// Goes on after a restored journal, `prologue` first; `initialState` is snapshotted if
        /// that journal cannot be opened.
        case resume(JournalContinuation, prologue: [Event], initialState: State)
    }

    let start: Start
    /// The durable events reduced since the spin started, in order.
    var events: [Event] = []
    /// The state after the last event reduced (durable or not): the snapshot if what was kept
    /// passes the journal's size bound once written.
    var latest: State?
}
