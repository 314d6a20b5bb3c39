import SpindleUI
import Terminal

/// Everything the todo app shows, as a value. The reducer is the only thing that changes it.
public struct TodoState: Equatable, Sendable {
    /// Every todo, in the order they were added.
    public var todos: [Todo]
    public var filter: TodoFilter = .all
    /// The selection and scrolling over `visibleTodos` (its count is always theirs).
    public var list: ListViewport
    /// The new todo being typed; nil when not adding one.
    public var draft: TextInput?
    public var isHelpShown = false
    public var isQuitting = false
    /// What the file holds, as far as the app knows: the todos last loaded or saved.
    public var savedTodos: [Todo]
    /// Why the last save failed, until one succeeds.
    public var saveError: String?
    public var size: Size

    /// The app's state for `todos` as loaded from the file.
    public init(todos: [Todo] = [], size: Size = Size(rows: 24, columns: 80)) {
        self.todos = todos
        self.savedTodos = todos
        self.size = size
        self.list = ListViewport(count: todos.count, height: TodoLayout(size: size).list.rows)
    }

    /// The todos the filter lets through, in order.
    public var visibleTodos: [Todo] { todos.filter(filter.includes) }

    /// The todo under the selection, if the list shows any.
    public var selectedTodo: Todo? {
        let visible = visibleTodos
        return visible.indices.contains(list.selection) ? visible[list.selection] : nil
    }

    /// The todos the save effect should write: nil while the file already holds them.
    public var todosToSave: [Todo]? { todos == savedTodos ? nil : todos }

    public var openCount: Int { todos.count(where: { !$0.isDone }) }
}
