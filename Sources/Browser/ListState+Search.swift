// The query line: `/` opens it on the current query, typing edits the draft, Enter applies it
// (a different query starts the list over), Esc closes it, or clears the applied query.
extension ListState {
    mutating func openSearch() {
        guard detail == nil, searchDraft == nil else { return }
        searchDraft = query
    }

    mutating func editSearch(_ edit: SearchEdit) {
        guard var draft = searchDraft else { return }
        switch edit {
        case .typed(let text):
            // Keys like Tab or Ctrl+X are not text; whatever sends them, they stay out.
            draft.unicodeScalars.append(contentsOf: text.unicodeScalars.filter {
                $0.properties.generalCategory != .control
            })
        case .deletedBackward:
            _ = draft.popLast()
        case .cleared:
            draft = ""
        }
        searchDraft = draft
    }

    mutating func applySearch() {
        guard let draft = searchDraft else { return }
        searchDraft = nil
        apply(query: draft.trimmingWhitespace)
    }

    mutating func cancelSearch() {
        if searchDraft != nil {
            searchDraft = nil
        } else {
            apply(query: "")
        }
    }

    private mutating func apply(query newQuery: String) {
        // The same query again keeps what is loaded rather than loading it twice.
        guard newQuery != query else { return }
        query = newQuery
        resetPaging()
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
