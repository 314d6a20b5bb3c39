import Spin

/// The todo app's effects.
public enum TodoFeedbacks {
    /// Saves the todos `delay` after the last change, so a burst of changes is one write. A
    /// change during the wait starts the wait again (another request: the effect is cancelled).
    /// The wait is on the spin's clock, which tests move by hand.
    ///
    ///     TodoFeedbacks.saving(with: file.save)
    public static func saving(
        after delay: Duration = .seconds(1),
        with save: @escaping @Sendable ([Todo]) throws -> Void
    ) -> Feedback<TodoState, TodoEvent> {
        .react(query: \.todosToSave) { (todos: [Todo]) async -> TodoEvent? in
            do {
                try await Effect.sleep(for: delay)
            } catch {
                return nil  // cancelled: a newer change will be saved instead
            }
            do {
                try save(todos)
                return .saved(todos)
            } catch {
                return .saveFailed("\(error)")
            }
        }
    }
}
