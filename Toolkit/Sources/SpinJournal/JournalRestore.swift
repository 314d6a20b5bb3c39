/// What `Journal.restore` found: the state folded from the snapshot and the journal, and how.
///
///     let restored = try journal.restore(initialState: AppState(), reducer: AppReducer.reducer)
///     if let torn = restored.tornLine { log("\(torn)") }   // a crash cut the last write short
///     spin = Spin(initialState: restored.state.resumed(), ...)
public struct JournalRestore<State: Sendable>: Sendable {
    /// The snapshot's state (or the initial state) with every journaled event reduced on it.
    public var state: State
    /// Whether there was anything to restore (a snapshot or journaled events).
    public var isResumed: Bool
    /// How many journaled events were folded after the snapshot.
    public var eventCount: Int
    /// The last line, when a crash left it incomplete: it was ignored.
    public var tornLine: JournalTornLine?
    /// Where the journal can go on (its generation and size), when it is the snapshot's own.
    var continuation: JournalContinuation?
}

/// A journal file that a new session can append to: it continues the snapshot of `generation`.
struct JournalContinuation: Sendable {
    var generation: Int
    var size: Int
    /// The size of the snapshot the journal follows (0: none), for the compaction bound.
    var snapshotSize: Int
}

/// An incomplete last line of a journal (a write cut short by a crash), ignored on restore.
///
///     "journal.jsonl:42: an incomplete last entry (17 bytes, a write cut short) was ignored"
public struct JournalTornLine: Equatable, Sendable, CustomStringConvertible {
    /// The journal file's path, as `restore` read it.
    public var file: String
    /// The 1-based line number of the incomplete entry (`torn.line == 42`).
    public var line: Int
    /// How many bytes of it were written before the crash (they were cut off).
    public var byteCount: Int

    /// "…/journal.jsonl:42: an incomplete last entry (17 bytes, a write cut short) was ignored".
    public var description: String {
        "\(file):\(line): an incomplete last entry (\(byteCount) bytes, a write cut short) was ignored"
    }
}
