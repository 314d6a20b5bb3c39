/// Why a journal could not be read or written, with the file (and line) to look at.
///
///     do { restored = try journal.restore(initialState: state, reducer: reducer) }
///     catch { print("\(error)") }   // "/home/me/.local/state/app/journal.jsonl:17: not an event (…)"
///
/// A torn last line (a crash in the middle of a write) is not an error: `JournalRestore`
/// reports it and the restore goes on without it.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A complete line in the middle of the journal is not a valid entry.
    case corruptLine(file: String, line: Int, reason: String)
    /// The snapshot is not a valid state.
    case corruptSnapshot(file: String, reason: String)
    /// The journal continues a snapshot that is not there (a file was removed or replaced by hand).
    case missingSnapshot(file: String, generation: Int)
    case unreadable(file: String, reason: String)
    case unwritable(file: String, reason: String)

    /// The message, with the file (and line) first: `print("spindle: \(error)")`.
    public var description: String {
        switch self {
        case .corruptLine(let file, let line, let reason):
            "\(file):\(line): not a valid journal entry (\(reason)); move the file aside to start over"
        case .corruptSnapshot(let file, let reason):
            "\(file): not a valid snapshot (\(reason)); move it and the journal beside it aside to start over"
        case .missingSnapshot(let file, let generation):
            "\(file):1: continues snapshot \(generation), which is missing; move the file aside to start over"
        case .unreadable(let file, let reason):
            "\(file): cannot be read (\(reason))"
        case .unwritable(let file, let reason):
            "\(file): cannot be written (\(reason))"
        }
    }
}
