#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Spin
/// A spin's durable memory: every reduced event appended to a JSON Lines file, and a snapshot
/// of the state when the file grows too big. Folding the journal through the reducer rebuilds
/// the state, so an app killed at any moment starts again where it was.
///
///     let journal = Journal<AppState, AppEvent>(directory: "\(home)/.local/state/app")
///     let restored = try journal.restore(initialState: AppState(), reducer: AppReducer.reducer)
///     let spin = Spin(initialState: restored.state, feedbacks: [journal.feedback(), ...], reducer: AppReducer.reducer)
///
/// Files, in `directory`: `snapshot.json` (`{"generation":N,"state":…}`, absent until the first
/// compaction) and `journal.jsonl`, whose first line is `{"generation":N}` and each further
/// line one event reduced after snapshot N. When the spin starts (unless it continues the
/// restored journal, see `feedback(continuing:prologue:durable:)`), and whenever the journal
/// passes `compactionBytes`, the current state becomes snapshot N+1 (temporary name, fsync,
/// rename) and then a new journal N+1 replaces the old one the same way. A crash between the two
/// renames leaves snapshot N+1 beside journal N, whose events the snapshot already holds:
/// `restore` skips such a journal, so no event is applied twice or lost.
///
/// The file is opened (snapshot, header, fsyncs) after the spin's first batch, in an effect, so
/// that the first frame does not wait for it; the events reduced before are kept as values and
/// written first (`JournalOpening`). A crash before that loses them as it would lose unsynced
/// bytes, and leaves the previous session's files as they were.
///
/// Writes: the events of one drained batch in one `write`; `fsync` at most once per
/// `syncInterval` on the spin's clock, scheduled only while there are unsynced bytes (an idle
/// app does no work), and on stop.
public final class Journal<State: Codable & Sendable, Event: Codable & Sendable>: Sendable {
    /// The directory holding the snapshot and the journal (created when the spin starts).
    public let directory: String
    /// The journal's size, in bytes, past which the state is snapshotted and the journal restarts,
    /// or the last snapshot's size if that is larger: compacting a large state then costs in
    /// proportion to what was journaled since (amortized), and the files stay within twice the
    /// state's size plus this bound.
    public let compactionBytes: Int
    /// The longest time written events wait before they are fsync'd (on the spin's clock).
    public let syncInterval: Duration
    /// How long after the spin's first batch the file is opened (on the spin's clock): the
    /// first frame, and the effects it starts, do not wait for the snapshot and its fsyncs.
    public let openingDelay: Duration

    let writer: Lock<JournalWriter>
    /// How to open the file and what was reduced meanwhile, until it is open (nil otherwise).
    let opening = Lock<JournalOpening<State, Event>?>(nil)

    /// - Parameters:
    ///   - compactionBytes: the size bound of the journal file (1 MB by default).
    ///   - syncInterval: how often, at most, the journal is fsync'd (1 s by default).
    ///   - openingDelay: how long after the spin's first batch the file is opened (100 ms by
    ///     default; within `syncInterval`). Until then, reduced events are kept in memory only:
    ///     a kill -9 in that time loses them (the previous session's files stay as they were).
    ///     `.zero` opens it when the feedback is attached, before any event.
    public init(directory: String, compactionBytes: Int = 1_000_000, syncInterval: Duration = .seconds(1),
                openingDelay: Duration = .milliseconds(100)) {
        self.directory = directory
        self.compactionBytes = max(compactionBytes, 1)
        self.syncInterval = syncInterval
        self.openingDelay = min(openingDelay, syncInterval)
        writer = Lock(JournalWriter(path: directory + "/journal.jsonl"))
    }

    /// `directory/snapshot.json`.
    public var snapshotPath: String { directory + "/snapshot.json" }
    /// `directory/journal.jsonl`.
    public var journalPath: String { directory + "/journal.jsonl" }

    /// The journal file's size in bytes, as written so far.
    public var size: Int { writer.withLock { $0.size } }

    /// The first write or sync that failed, if any: the spin goes on, without a journal.
    ///
    ///     if let failure = journal.failure { status = "Session not saved: \(failure)" }
    public var failure: JournalError? { writer.withLock { $0.failure } }

    /// How many times the journal was fsync'd by the sync policy (for tests and benchmarks).
    package var syncCount: Int { writer.withLock { $0.syncCount } }

    /// Writes what is buffered, fsyncs it and closes the file. The spin's stop does it too.
    ///
    ///     journal.close()
    public func close() {
        openNow()
        writer.withLock { $0.close() }
    }

    // MARK: Opening (the feedback's first effect, or the spin's stop)

    /// Keeps the journal closed until `openNow()`, remembering how to open it.
    func prepareOpening(_ start: JournalOpening<State, Event>.Start) {
        opening.withLock { $0 = JournalOpening(start: start) }
    }

    /// While the file is not open: keeps `entry` (if durable) and the state after it, and
    /// returns true. Returns false once it is open: the caller writes the entry (and need not
    /// ask again).
    func keepUntilOpen(_ entry: Event?, state: State) -> Bool {
        opening.withLock { opening -> Bool in
            guard opening != nil else { return false }
            if let entry { opening!.events.append(entry) }
            opening!.latest = state
            return true
        }
    }

    /// Opens the file if it is not yet: snapshot or resume, then the events kept meanwhile, in
    /// one write (compacted with the latest state if they pass the bound), fsync'd. Holds the
    /// opening's lock throughout, so an event reduced meanwhile waits and is written after them.
    package func openNow() {
        opening.withLock { opening in
            guard let kept = opening else { return }
            defer { opening = nil }
            switch kept.start {
            case .snapshot(let state): start(from: state)
            case .resume(let continuation, let prologue, let initialState):
                resume(continuation, prologue: prologue, initialState: initialState)
            }
            guard !kept.events.isEmpty else { return }
            append(Self.lines(kept.events).bytes)
            // `latest` is set with the first event kept. Synced here, not by a delayed sync.
            if let latest = kept.latest { writeBatch(latest) }
            writer.withLock { $0.sync(counted: false) }
        }
    }

    // MARK: Writing (the feedback, on the draining thread)

    /// Snapshot `state` as the next generation and start an empty journal after it.
    func start(from state: State) {
        let generation = (try? Self.readHeader(journalPath)) ?? 0
        let snapshot: [UInt8]
        do {
            snapshot = try Self.encodeSnapshot(state, generation: generation + 1)
        } catch {
            writer.withLock { $0.fail(.unwritable(file: snapshotPath, reason: "\(error)")) }
            return
        }
        writer.withLock { writer in
            do throws(JournalError) {
                try DurableFile.makeDirectory(directory)
                try writer.compact(snapshot: snapshot, generation: generation + 1,
                                   snapshotPath: snapshotPath, journalPath: journalPath)
            } catch {
                writer.fail(error)
            }
        }
    }

    /// Goes on appending to the journal `continuation` describes, `prologue` first; snapshots
    /// `initialState` instead if that journal cannot be opened.
    func resume(_ continuation: JournalContinuation, prologue: [Event], initialState: State) {
        let (lines, allEncoded) = Self.lines(prologue)
        guard allEncoded else { return start(from: initialState) }
        let opened = writer.withLock { writer -> Bool in
            guard let fd = try? DurableFile.openForAppending(journalPath) else { return false }
            writer.fd = fd
            writer.generation = continuation.generation
            writer.size = continuation.size
            writer.snapshotSize = continuation.snapshotSize
            writer.pending = lines
            writer.writePending()
            return true
        }
        if !opened { start(from: initialState) }
    }

    /// `events` as JSON lines, each with its newline; an event that cannot be encoded is left
    /// out, and `allEncoded` says whether one was.
    static func lines(_ events: [Event]) -> (bytes: [UInt8], allEncoded: Bool) {
        let encoder = JSONEncoder()
        var bytes: [UInt8] = []
        var allEncoded = true
        for event in events {
            guard let line = try? encoder.encode(event) else { allEncoded = false; continue }
            bytes += line
            bytes.append(UInt8(ascii: "\n"))
        }
        return (bytes, allEncoded)
    }

    /// Buffers one encoded event line (with its newline).
    func append(_ line: [UInt8]) {
        writer.withLock { $0.pending.append(contentsOf: line) }
    }

    /// Writes the batch's lines; returns whether a delayed sync must be scheduled.
    func endBatch(_ state: State) -> Bool {
        writeBatch(state)
        return writer.withLock { $0.claimSyncSchedule() }
    }

    /// Writes what is buffered in one call; compacts with `state` past the size bound.
    func writeBatch(_ state: State) {
        let mustCompact = writer.withLock { writer -> Bool in
            writer.writePending()
            return writer.isOpen && writer.size > max(compactionBytes, writer.snapshotSize)
        }
        if mustCompact {
            let generation = writer.withLock { $0.generation } + 1
            do {
                let snapshot = try Self.encodeSnapshot(state, generation: generation)
                writer.withLock { writer in
                    do throws(JournalError) {
                        try writer.compact(snapshot: snapshot, generation: generation,
                                           snapshotPath: snapshotPath, journalPath: journalPath)
                    } catch {
                        writer.fail(error)
                    }
                }
            } catch {
                writer.withLock { $0.fail(.unwritable(file: snapshotPath, reason: "\(error)")) }
            }
            DurableFile.releaseFreedMemory()
        }
    }

    /// The delayed sync: fsyncs what was written since the last one.
    func syncScheduled() {
        writer.withLock { $0.sync() }
    }

    // MARK: Encoding

    struct Header: Codable { var generation: Int }
    struct Snapshot<S: Codable>: Codable { var generation: Int; var state: S }

    static func encodeSnapshot(_ state: State, generation: Int) throws -> [UInt8] {
        Array(try JSONEncoder().encode(Snapshot(generation: generation, state: state)))
    }

    /// The generation in the journal's first line, without reading the rest.
    static func readHeader(_ path: String) throws -> Int? {
        guard let bytes = DurableFile.readPrefix(path, count: 256),
              let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return try JSONDecoder().decode(Header.self, from: Data(bytes[..<end])).generation
    }
}
