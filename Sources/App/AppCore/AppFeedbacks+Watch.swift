import Catalog
import Spin

extension AppFeedbacks {
    /// Reads the library's watch marks once, at the start (`wantsWatchMarks`, and again after a
    /// change elsewhere); a library that cannot be read gives none, and the session's marks stay
    /// as they are.
    static func loadingWatchMarks(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        loading(when: \.wantsWatchMarks, empty: [:], read: { try await store.allMarks() }, then: AppEvent.watchMarksLoaded)
    }

    /// Writes each watch mark the reducer changed (`watchWrites`) to the library, once and in
    /// order; those already in the state it starts from (a restored session) were written
    /// before. A write that fails is left: the session's journal still has the mark.
    static func savingWatchMarks(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        saving(\.watchWrites) { try await store.save($0) }
    }

    /// Marks the episodes of each show or season `w` marked (`groupWatchWrites`), once and in
    /// order; then the list and the marks are read again, so that every row and every episode
    /// shows what the library now holds.
    static func savingGroupMarks(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        saving(\.groupWatchWrites, then: [.list(.catalogChanged), .watchMarksChanged]) { changes in
            for (_, mark) in changes.sorted(by: { $0.key < $1.key }) { try? await store.mark(mark) }
        }
    }

    /// Reads the library's playback choices once, at the start (`wantsPlaybackChoices`); a
    /// library that cannot be read gives none.
    static func loadingPlaybackChoices(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        loading(when: \.wantsPlaybackChoices, empty: [:], read: { try await store.allPlaybackChoices() },
                then: AppEvent.playbackChoicesLoaded)
    }

    /// Writes each playback choice the reducer changed (`playbackChoiceWrites`) to the library,
    /// once and in order, as the watch marks are.
    static func savingPlaybackChoices(_ store: any WatchStore) -> Feedback<AppState, AppEvent> {
        saving(\.playbackChoiceWrites) { try await store.save(playbackChoices: $0) }
    }

    /// Reads a store's values while `wanted` says so; a failure reads as `empty`.
    private static func loading<Value: Sendable>(
        when wanted: KeyPath<AppState, Bool> & Sendable, empty: Value, read: @escaping @Sendable () async throws -> Value,
        then loaded: @escaping @Sendable (Value) -> AppEvent
    ) -> Feedback<AppState, AppEvent> {
        .react(query: { $0[keyPath: wanted] ? true : nil }, effects: { _ async -> AppEvent? in
            do {
                return loaded(try await read())
            } catch is CancellationError {
                return nil
            } catch {
                return loaded(empty)
            }
        })
    }

    /// Writes what an outbox gained since it was last seen, once and in order, then tells
    /// `then`; what the state starts with was written before.
    private static func saving<Mark>(
        _ outbox: KeyPath<AppState, TitleWrites<Mark>> & Sendable, then events: [AppEvent] = [],
        write: @escaping @Sendable ([String: Mark]) async throws -> Void
    ) -> Feedback<AppState, AppEvent> {
        Feedback(distinct: { $0[keyPath: outbox] }, stream: { writes in
            AsyncStream<AppEvent> { continuation in
                let task = Task {
                    var seen: Int?
                    for await current in writes {
                        defer { seen = current.count }
                        guard let last = seen else { continue }
                        let changes = current.changes(after: last)
                        guard !changes.isEmpty else { continue }
                        try? await write(changes)
                        for event in events { continuation.yield(event) }
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        })
    }
}
