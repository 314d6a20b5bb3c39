import GRDB

/// Why the library could not do what was asked, in words a user can read on one line.
///
///     do { try await database.markWatched("sp000001") }
///     catch let error as LibraryError { status = error.description }
///     // "the library is busy: another spindle is scanning or importing (/home/me/.spindle/library.sqlite)"
package enum LibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Another process held the database longer than the busy timeout.
    case busy(path: String)
    /// The file is damaged; the next `LibraryDatabase` opened on it moves it aside.
    case damaged(path: String, reason: String)
    case diskFull(path: String)
    case readOnly(path: String)
    case cannotOpen(path: String, reason: String)
    /// An imported catalog uses an id that another catalog already uses.
    case idTaken(id: String, file: String, line: Int, source: String)
    case database(String)

    package var description: String {
        switch self {
        case .busy(let path):
            "the library is busy: another spindle is scanning or importing (\(path))"
        case .damaged(let path, let reason):
            "the library is damaged (\(reason)); it is moved aside and rebuilt when Spindle next opens \(path)"
        case .diskFull(let path):
            "the library cannot grow: the disk holding \(path) is full"
        case .readOnly(let path):
            "the library cannot be written: \(path) is read-only"
        case .cannotOpen(let path, let reason):
            "cannot open the library \(path): \(reason)"
        case .idTaken(let id, let file, let line, let source):
            "\(file):\(line): id \"\(id)\" is already used by \(source)"
        case .database(let message):
            "the library failed: \(message)"
        }
    }

    /// The library error for a database error, or nil for an error SQLite did not raise.
    static func from(_ error: any Error, path: String) -> LibraryError? {
        guard let error = error as? DatabaseError else { return nil }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .damaged(path: path, reason: reason)
        case .SQLITE_FULL: return .diskFull(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM: return .readOnly(path: path)
        case .SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: reason)
        default: return .database(reason)
        }
    }

    /// Runs `body`, turning SQLite's errors into library errors (cancellation passes through).
    static func mapping<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw from(error, path: path) ?? error
        }
    }

    static func mapping<T>(path: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw from(error, path: path) ?? error
        }
    }
}
