import Browser
import Catalog

extension AppReducer {
    /// The views' order (`s`) and the filter picker (`f`), where the catalog orders its views.
    static func reduceOrder(_ state: inout AppState, _ event: AppEvent) {
        switch event {
        case .orderCycled:
            guard state.canOrder else { return }
            ListState.reduce(&state.list, .orderChosen(state.list.order.next))
        case .filterPickerOpened:
            guard state.canOrder, state.player == nil, !state.list.isDetailOpen else { return }
            state.filterPicker = FilterPicker(current: state.list.filter)
        case .filterPickerMoved(let delta):
            state.filterPicker?.move(by: delta)
        case .filterPickerChosen:
            guard let picker = state.filterPicker, !picker.isLoading else { return }
            state.filterPicker = nil
            ListState.reduce(&state.list, .filterChosen(picker.chosenFilter))
        case .filterPickerClosed:
            state.filterPicker = nil
        case .facetsLoaded(let facets):
            state.filterPicker?.receive(facets)
        case .facetsFailed(let message):
            state.filterPicker?.fail(message)
        default:
            break
        }
    }
}
