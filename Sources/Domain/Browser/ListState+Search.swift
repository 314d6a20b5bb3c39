// The query line: `/` opens it on the current query, and the list filters with every change
// (a different query starts the list over); Enter closes the line and keeps the filter; Esc
// clears the filter and gives back the whole list where it was before the search.
extension ListState {
    mutating func openSearch() {
        guard detail == nil, !isSearchOpen else { return }
        isSearchOpen = true
    }

    mutating func changeSearch(_ text: String) {
        guard isSearchOpen else { return }
        apply(query: Self.searchable(text))
    }

    mutating func applySearch() {
        isSearchOpen = false
    }

    mutating func cancelSearch() {
        isSearchOpen = false
        apply(query: "")
    }

    private mutating func apply(query newQuery: String) {
        // The same query again keeps what is loaded rather than loading it twice.
        guard newQuery != query else { return }
        if query.isEmpty {
            unfiltered = savedList
        }
        query = newQuery
        if newQuery.isEmpty, let saved = unfiltered {
            unfiltered = nil
            restore(saved)
        } else {
            resetPaging()
        }
    }

    /// The query a line of text asks for: trimmed, control characters dropped.
    static func searchable(_ text: String) -> String {
        var clean = String.UnicodeScalarView()
        clean.append(contentsOf: text.unicodeScalars.filter { $0.properties.generalCategory != .control })
        return String(clean).trimmingWhitespace
    }
}

private extension String {
    var trimmingWhitespace: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first ... last])
    }
}
