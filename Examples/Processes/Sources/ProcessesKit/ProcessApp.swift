import Spin
import SpindleUI

/// The process browser's pure half, as `TerminalUI` and `HeadlessDriver` take it.
///
///     let ui = TerminalUI(screen: screen, view: ProcessApp.view)
public enum ProcessApp {
    public static let view = TerminalView<ProcessState, ProcessEvent>(
        render: { state, canvas, _ in ProcessView.render(state, on: canvas) },
        keyMap: { input, state in ProcessKeys.event(for: input, in: state) }
    )

    public static let reducer = ProcessReducer.reducer
}
