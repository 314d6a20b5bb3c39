/// What `LibraryDatabase` did on opening a damaged file: it moved the file aside (never deleting
/// it) and created a new, empty library. `description` is the notice for the user.
///
///     if let recovery = database.recovery { status = recovery.description }
///     // "the library was damaged (file is not a database); moved aside to …corrupt-20250101T120000Z; rebuilding"
package struct LibraryRecovery: Equatable, Sendable, CustomStringConvertible {
    /// Where the damaged file is now.
    package var movedTo: String
    /// What SQLite said about it.
    package var reason: String

    package var description: String {
        "the library was damaged (\(reason)); moved aside to \(movedTo); rebuilding"
    }
}
