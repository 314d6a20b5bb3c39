// The detail of a title, and backing out with Esc.
extension ListState {
    mutating func openDetail() {
        guard !isSearchOpen, let selectedTitle else { return }
        detail = selectedTitle
    }

    /// Esc closes the innermost thing open: the detail, else the query line, else the applied
    /// query (back to the whole catalog), else a show or season (back to the list above it,
    /// where it was). With nothing open it does nothing.
    mutating func backOut() {
        if detail != nil {
            detail = nil
        } else if isSearchOpen || !query.isEmpty {
            cancelSearch()
        } else {
            leaveScope()
        }
    }
}
