import Spin
import SpindleUI

/// The todo app's pure half, as `TerminalUI` and `HeadlessDriver` take it.
///
///     let ui = TerminalUI(screen: screen, view: TodoApp.view)
public enum TodoApp {
    public static let view = TerminalView<TodoState, TodoEvent>(
        render: { state, canvas, _ in TodoView.render(state, on: canvas) },
        // Runs when the key's turn comes in the spin, with the state the key is reduced on.
        keyMap: { input, state in TodoKeys.event(for: input, in: state) }
    )

    public static let reducer = TodoReducer.reducer
}
