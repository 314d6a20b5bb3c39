import Spin
import SpindleUI
import Terminal

/// Every transition of the todo app: a pure function of the state and an event.
public enum TodoReducer {
    public static let reducer = Reducer<TodoState, TodoEvent>(reduce)

    public static func reduce(_ state: inout TodoState, _ event: TodoEvent) {
        switch event {
        case .resized(let size):
            state.size = size
            state.list.height = TodoLayout(size: size).list.rows
        case .selectionMoved(let move):
            state.list.apply(move)
        case .addOpened:
            state.draft = TextInput(prompt: "New todo: ", placeholder: "what needs doing? (Enter adds, Esc cancels)")
        case .draftEdited(let input):
            state.draft?.handle(input)
        case .draftSubmitted:
            if let title = state.draft?.text.trimmed, !title.isEmpty {
                add(Todo(id: (state.todos.map(\.id).max() ?? 0) + 1, title: title), to: &state)
            }
            state.draft = nil
        case .draftCancelled:
            state.draft = nil
        case .doneToggled:
            guard let index = selectedIndex(in: state) else { return }
            state.todos[index].isDone.toggle()
            listChanged(&state)
        case .deleteRequested:
            guard let index = selectedIndex(in: state) else { return }
            state.todos.remove(at: index)
            listChanged(&state)
        case .filterCycled:
            state.filter = state.filter.next
            listChanged(&state)
            state.list.moveHome()
        case .helpToggled:
            state.isHelpShown.toggle()
        case .quitRequested:
            state.isQuitting = true
        case .saved(let todos):
            state.savedTodos = todos
            state.saveError = nil
        case .saveFailed(let message):
            state.saveError = message
        }
        // Undoing the unsaved changes leaves nothing to save, hence nothing that failed.
        if state.todosToSave == nil { state.saveError = nil }
    }

    /// Appends `todo` and selects it, leaving a filter that would hide it.
    private static func add(_ todo: Todo, to state: inout TodoState) {
        state.todos.append(todo)
        if !state.filter.includes(todo) { state.filter = .all }
        listChanged(&state)
        state.list.select(state.visibleTodos.count - 1)
    }

    /// The selected todo's index in `todos`.
    private static func selectedIndex(in state: TodoState) -> Int? {
        state.selectedTodo.flatMap { selected in state.todos.firstIndex { $0.id == selected.id } }
    }

    /// Keeps the viewport's count equal to the visible todos' (it clamps the selection).
    private static func listChanged(_ state: inout TodoState) {
        state.list.count = state.visibleTodos.count
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
