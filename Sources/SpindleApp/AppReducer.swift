import Browser
import Spin

/// The app's pure reducer: list events go to the list's reducer; the layout decides how many
/// rows the list has.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ event: AppEvent) {
        switch event {
        case .list(let listEvent):
            ListState.reduce(&state.list, listEvent)
        case .resized(let size):
            state.size = size
            ListState.reduce(&state.list, .viewportResized(rows: Layout.listRows(for: size)))
        case .helpToggled:
            state.isHelpShown.toggle()
        case .quitRequested:
            state.isQuitting = true
        }
    }

    public static let reducer = Reducer<AppState, AppEvent> { (state: inout AppState, event: AppEvent) in
        reduce(&state, event)
    }
}
