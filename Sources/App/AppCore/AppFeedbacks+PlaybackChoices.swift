import Catalog
import Spin

extension AppFeedbacks {
    /// Reads the library's playback choices once, at the start (`wantsPlaybackChoices`); a
    /// library that cannot be read gives none.
    static func loadingPlaybackChoices(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        .react(query: { $0.wantsPlaybackChoices ? true : nil }, effects: { _ async -> AppEvent? in
            do {
                return .playbackChoicesLoaded(try await store.allPlaybackChoices())
            } catch is CancellationError {
                return nil
            } catch {
                return .playbackChoicesLoaded([:])
            }
        })
    }

    /// Writes each playback choice the reducer changed (`playbackChoiceWrites`) to the library,
    /// once and in order, as `savingWatchMarks` does for the watch marks.
    static func savingPlaybackChoices(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        Feedback(distinct: { $0.playbackChoiceWrites }, stream: { writes in
            AsyncStream<AppEvent> { continuation in
                let task = Task {
                    var seen: Int?
                    for await current in writes {
                        defer { seen = current.count }
                        guard let last = seen else { continue }
                        try? await store.save(playbackChoices: current.changes(after: last))
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }
}
