import Catalog
import Spin

extension ListState: ReducibleState {
    /// Applies `event` to `state`. Pure: no clock, no I/O, no terminal.
    ///
    /// After every event the state lets go of the pages far from the selection (`ListState+Window`)
    /// and asks for the next page if the selection has come close to the end (see `pageToLoad`).
    /// It keeps the invariants of `ListState+Invariants`.
    package static func reduce(_ state: inout ListState, _ event: ListEvent) {
        switch event {
        case .viewportResized(let rows):
            state.resizeViewport(rows: rows)
        case .layoutChanged(let rows, let columns):
            state.layOut(rows: rows, columns: columns)
        case .selectionMoved(let move):
            state.moveSelection(move)
        case .pageLoaded(let page, let request):
            state.receive(page, for: request)
        case .pageFailed(let message, let request):
            state.fail(message, for: request)
        case .retryRequested:
            state.retry()
        case .catalogChanged:
            state.refresh()
        case .searchOpened:
            state.openSearch()
        case .searchChanged(let text):
            state.changeSearch(text)
        case .searchApplied:
            state.applySearch()
        case .searchCancelled:
            state.cancelSearch()
        case .scopeChosen(let scope):
            state.choose(scope)
        case .orderChosen(let order):
            state.reorder(order, state.filter)
        case .filterChosen(let filter):
            state.reorder(state.order, filter)
        case .scopeEntered:
            state.enterSelectedGroup()
        case .detailOpened:
            state.openDetail()
        case .detailClosed:
            state.detail = nil
        case .detailFollowed(let title):
            if state.detail != nil { state.detail = title }
        case .backRequested:
            state.backOut()
        case .groupMarked(let id, let watched):
            state.markGroup(id, watched: watched)
        }
        state.letGoOfFarPages()
        state.checkTotal()
        state.requestPageIfNeeded()
    }
}
