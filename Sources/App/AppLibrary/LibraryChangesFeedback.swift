import AppCore
import Library
import Spin

/// Keeps the list as the library is now, without a key: a session resumed with titles loaded
/// loads them again at the start (at the same place: a catalog file imported again since has
/// other titles), and a change elsewhere reloads the list and reads the watch marks again:
///
/// - a library's or a catalog's: a commit by another process (a `spindle scan` from cron, a
///   `spindle serve` scanning, another session's marks, another start importing the catalog
///   again), within a second (`LibraryFileWatch`: inotify, then `PRAGMA data_version`; nothing
///   runs while nothing writes);
/// - a server's: its library changed or another client's marks (`RemoteProvider.changes`: one
///   request waits on the server; nothing else runs).
enum LibraryChangesFeedback {
    static func feedback(database: LibraryDatabase) -> Feedback<AppState, AppEvent> {
        feedback { LibraryFileWatch.changes(of: database) }
    }

    static func feedback(changes: @escaping @Sendable () -> AsyncStream<Void>) -> Feedback<AppState, AppEvent> {
        Feedback(distinct: { $0.list.items.isEmpty }, stream: { isEmpty in
            AsyncStream<AppEvent> { continuation in
                let task = Task {
                    // The first value is the state the spin starts from: a resumed list.
                    var values = isEmpty.makeAsyncIterator()
                    if await values.next() == false { continuation.yield(.list(.catalogChanged)) }
                    for await _ in changes() {
                        continuation.yield(.list(.catalogChanged))
                        continuation.yield(.watchMarksChanged)
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }
}
