import AppCore
import Library
import Spin

/// Builds the indexes of the other orders that a catalog's big import leaves for after its
/// commit, or that a process ended before it built them left (`LibraryDatabase
/// .buildPendingIndexes`; those views scan meanwhile): once the list's first page is there, so
/// that the first frame does not share the cores with a sort of every title. Ending the app
/// stops the build (its index is rolled back and built at the next start); a failure leaves
/// them for the next start too.
enum PendingIndexesFeedback {
    static func feedback(database: LibraryDatabase) -> Feedback<AppState, AppEvent> {
        Feedback(distinct: { $0.list.isLoading }, stream: { isLoading in
            AsyncStream<AppEvent> { continuation in
                let task = Task {
                    for await loading in isLoading where !loading { break }
                    _ = try? await database.buildPendingIndexes()
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }
}
