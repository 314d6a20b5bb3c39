import Spin
import SpindleUI
import Terminal

/// Every transition of the process browser: a pure function of the state and an event.
public enum ProcessReducer {
    public static let reducer = Reducer<ProcessState, ProcessEvent>(reduce)

    public static func reduce(_ state: inout ProcessState, _ event: ProcessEvent) {
        switch event {
        case .resized(let size): state.size = size
        case .selectionMoved(let move):
            state.list.apply(move)
            state.selectedPid = state.selected?.id      // chosen: followed from now on
        case .sortCycled: state.sort = state.sort.next
        case .filterOpened:
            state.filterInput = TextInput(text: state.filter, prompt: "Filter: ", placeholder: "name, command or user",
                                          maximumLength: 200)
        case .filterEdited(let input):
            state.filterInput?.handle(input)
            state.filter = state.filterInput?.text ?? state.filter
        case .filterKept:
            state.filterInput = nil
            state.selectedPid = state.selected?.id
        case .filterCleared: (state.filterInput, state.filter) = (nil, "")
        case .detailToggled: state.isDetailShown.toggle()
        case .helpToggled: state.isHelpShown.toggle()
        case .quitRequested: state.isQuitting = true
        case .refreshDue: state.isRefreshing = true
        case .sampled(let sample):
            state.rows = ProcessRow.rows(of: sample, after: state.rows, at: state.times)
            state.times = sample.times
            state.isRefreshing = false
            state.error = nil
        case .sampleFailed(let message): (state.isRefreshing, state.error) = (false, message)
        }
        state.list.height = ProcessLayout(size: state.size, isDetailShown: state.isDetailShown).tableRows
        showRows(&state)
    }

    /// Filters and sorts the rows again, keeping the selection on the process chosen; when it is
    /// gone, on the row where it was, whose process is then the one chosen.
    static func showRows(_ state: inout ProcessState) {
        state.shown = state.rows.filter { $0.matches(state.filter) }.sorted(by: state.sort.areInOrder)
        state.list.count = state.shown.count
        guard let pid = state.selectedPid else { return }
        if let index = state.shown.firstIndex(where: { $0.id == pid }) { state.list.select(index) }
        state.selectedPid = state.selected?.id
    }
}
