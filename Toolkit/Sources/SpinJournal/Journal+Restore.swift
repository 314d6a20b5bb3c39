#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Spin

/// Rebuilding the state: the snapshot (if any), then every journaled event folded through the
/// reducer.
extension Journal {
    /// The state the journal's files describe: snapshot + journal folded through `reducer`, or
    /// `initialState` when there are no files. Reads only; a torn last line is reported in the
    /// result (and cut off, so that the next session's entries start on a line of their own).
    ///
    ///     let restored = try journal.restore(initialState: Counter(), reducer: counterReducer)
    ///     let spin = Spin(initialState: restored.state, feedbacks: [journal.feedback()], reducer: counterReducer)
    ///
    /// - Throws: `JournalError` for a corrupt line before the last, a corrupt snapshot or an
    ///   unreadable file, with the file and line to look at.
    public func restore(initialState: State, reducer: Reducer<State, Event>) throws(JournalError) -> JournalRestore<State> {
        var state = initialState
        var snapshotGeneration = 0
        var snapshotSize = 0
        let decoder = JSONDecoder()
        if let bytes = try DurableFile.readAll(snapshotPath, followingLinks: false) {
            snapshotSize = bytes.count
            if let column = JSONDepth.columnTooDeep(bytes) {
                throw .corruptSnapshot(file: snapshotPath, reason: JSONDepth.reason(column: column))
            }
            do {
                let snapshot = try decoder.decode(Snapshot<State>.self, from: Data(bytes))
                state = snapshot.state
                snapshotGeneration = snapshot.generation
            } catch {
                throw .corruptSnapshot(file: snapshotPath, reason: Self.reason(error))
            }
        }
        var restore = JournalRestore(state: state, isResumed: snapshotGeneration > 0, eventCount: 0, tornLine: nil,
                                     continuation: nil)
        guard let bytes = try DurableFile.readAll(journalPath, followingLinks: false) else { return restore }

        var lineNumber = 0
        var start = 0
        var hasHeader = false
        while start < bytes.count {
            lineNumber += 1
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                // No newline: a write cut short by a crash. Ignored, and cut off.
                restore.tornLine = JournalTornLine(file: journalPath, line: lineNumber, byteCount: bytes.count - start)
                try DurableFile.cut(journalPath, to: start)
                if hasHeader { restore.continuation = JournalContinuation(generation: snapshotGeneration, size: start, snapshotSize: snapshotSize) }
                break
            }
            try JSONDepth.check(bytes[start..<end], file: journalPath, line: lineNumber)
            let line = Data(bytes[start..<end])
            start = end + 1
            if !hasHeader {
                let generation: Int
                do {
                    generation = try decoder.decode(Header.self, from: line).generation
                } catch {
                    throw .corruptLine(file: journalPath, line: lineNumber, reason: Self.reason(error))
                }
                // A journal older than the snapshot: the snapshot already holds its events
                // (a crash between the two renames of a compaction).
                if generation < snapshotGeneration { return restore }
                if generation > snapshotGeneration { throw .missingSnapshot(file: journalPath, generation: generation) }
                hasHeader = true
                continue
            }
            let event: Event
            do {
                event = try decoder.decode(Event.self, from: line)
            } catch {
                throw .corruptLine(file: journalPath, line: lineNumber, reason: Self.reason(error))
            }
            reducer.reduce(&restore.state, event)
            restore.eventCount += 1
            restore.isResumed = true
        }
        if hasHeader && start >= bytes.count {
            restore.continuation = JournalContinuation(generation: snapshotGeneration, size: bytes.count,
                                                       snapshotSize: snapshotSize)
        }
        return restore
    }

    /// A decoding error in a few words (the full `DecodingError` dump is unreadable).
    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "no \"\(key.stringValue)\""
        // At the top: an enum case this version does not have (an event since removed).
        case DecodingError.typeMismatch(let type, let context) where context.codingPath.isEmpty:
            "\(type) has no such case in this version"
        case DecodingError.typeMismatch(let type, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not a \(type)"
        case DecodingError.valueNotFound(let type, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): missing \(type)"
        default: "\(error)"
        }
    }
}
