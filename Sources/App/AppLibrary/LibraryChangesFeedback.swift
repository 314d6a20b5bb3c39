import AppCore
import Library
import Spin

/// Keeps the list as the library is now, without a key: a session resumed with titles loaded
/// loads them again at the start (at the same place), and a commit by another process (a
/// `spindle scan` from cron, a `spindle serve` scanning) reloads the list within a second
/// (`LibraryFileWatch`: inotify, then `PRAGMA data_version`; nothing runs while nothing writes).
enum LibraryChangesFeedback {
    static func feedback(database: LibraryDatabase) -> Feedback<AppState, AppEvent> {
        Feedback(distinct: { $0.list.items.isEmpty }, stream: { isEmpty in
            AsyncStream<AppEvent> { continuation in
                let task = Task {
                    // The first value is the state the spin starts from: a resumed list.
                    var values = isEmpty.makeAsyncIterator()
                    if await values.next() == false { continuation.yield(.list(.catalogChanged)) }
                    for await _ in LibraryFileWatch.changes(of: database) {
                        continuation.yield(.list(.catalogChanged))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }
}
