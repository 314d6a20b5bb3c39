import Catalog
import Spin

extension AppFeedbacks {
    /// Reads the library's watch marks once, at the start (`wantsWatchMarks`); a library that
    /// cannot be read gives none, and the session's marks stay as they are.
    static func loadingWatchMarks(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.wantsWatchMarks ? true : nil }, effects: { _ async -> AppEvent? in
            do {
                return .watchMarksLoaded(try await store.allMarks())
            } catch is CancellationError {
                return nil
            } catch {
                return .watchMarksLoaded([:])
            }
        })
    }

    /// Writes each watch mark the reducer changed (`watchWrites`) to the library, once and in
    /// order; those already in the state it starts from (a restored session) were written
    /// before. A write that fails is left: the session's journal still has the mark.
    static func savingWatchMarks(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        Feedback(distinct: { $0.watchWrites }, stream: { writes in
            AsyncStream<AppEvent> { continuation in
                let task = Task {
                    var seen: Int?
                    for await current in writes {
                        defer { seen = current.count }
                        guard let last = seen else { continue }
                        try? await store.save(current.changes(after: last))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }
}
