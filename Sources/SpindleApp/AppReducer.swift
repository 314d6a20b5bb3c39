import Browser
import Catalog
import Player
import Spin

/// The app's pure reducer: list events go to the list's reducer; the layout decides how many
/// rows the list has.
public enum AppReducer {
    public static func reduce(_ state: inout AppState, _ event: AppEvent) {
        switch event {
        case .list(let listEvent):
            ListState.reduce(&state.list, listEvent)
        case .playerOpened:
            guard let title = state.list.selectedTitle else { return }
            state.player = PlayerState(title: title, nextTitle: titleAfter(state.list.selection, in: state.list))
        case .player(let playerEvent):
            guard var player = state.player else { return }  // closed meanwhile: a late event
            PlayerState.reduce(&player, playerEvent)
            switch player.exit {
            case nil:
                state.player = player
            case .backToList:
                state.player = nil
            case .quit:
                state.player = nil
                state.isQuitting = true
            case .playNext(let next):
                // The list follows, so that going back lands on the title that was playing.
                if state.list.selectedTitle?.id != next.id { ListState.reduce(&state.list, .selectionMoved(.down)) }
                state.player = PlayerState(title: next, nextTitle: titleAfter(state.list.selection, in: state.list))
            }
        case .resized(let size):
            state.size = size
            ListState.reduce(&state.list, .viewportResized(rows: Layout.listRows(for: size)))
        case .helpToggled:
            state.isHelpShown.toggle()
        case .quitRequested:
            state.isQuitting = true
        }
    }

    /// The loaded title after `index`, for up next (nil if not loaded yet or at the end).
    static func titleAfter(_ index: Int, in list: ListState) -> Title? {
        index + 1 < list.items.count ? list.items[index + 1] : nil
    }

    public static let reducer = Reducer<AppState, AppEvent> { (state: inout AppState, event: AppEvent) in
        reduce(&state, event)
    }
}
