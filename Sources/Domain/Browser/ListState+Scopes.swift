import Catalog

// Views and groups: the top views (all, films, shows) start the list over; Enter on a show or a
// season goes into it and Esc comes back out, to the same row of the list above.
extension ListState {
    mutating func choose(_ newScope: ListScope) {
        guard detail == nil else { return }
        let wasSearching = !query.isEmpty
        isSearchOpen = false
        query = ""
        unfiltered = nil
        scopeTrail = []
        // The same view, shown already: kept as it is (same place).
        guard newScope != scope || items.isEmpty || wasSearching else { return }
        scope = newScope
        resetPaging()
    }

    /// A new order or filter: the view starts over in it, at the top (the search cleared, as a
    /// view's order does not apply to it). Outside a view (shows, Home) it is kept for the views.
    mutating func reorder(_ newOrder: ListOrder, _ newFilter: ListFilter) {
        guard detail == nil, newOrder != order || newFilter != filter else { return }
        order = newOrder
        filter = newFilter
        let wasSearching = !query.isEmpty
        isSearchOpen = false
        query = ""
        unfiltered = nil
        guard isOrderable || wasSearching else { return }
        resetPaging()
    }

    mutating func enterSelectedGroup() {
        guard detail == nil, !isSearchOpen, let group = selectedTitle?.group else { return }
        // Inside a search, the list it leaves is the search's: Esc comes back to it.
        scopeTrail.append(ScopePlace(scope: query.isEmpty ? scope : .all,
                                     list: savedList))
        query = ""
        unfiltered = nil
        scope = ListScope.inside(group)
        resetPaging()
    }

    mutating func leaveScope() {
        guard let place = scopeTrail.popLast() else { return }
        scope = place.scope
        restore(place.list)
    }
}

extension ListState {
    /// The selected row and the details, when they are the group `id`: all its episodes
    /// watched, or none (left part way stays as it was counted).
    mutating func markGroup(_ id: String, watched: Bool) {
        func marked(_ title: Title) -> Title {
            guard title.id == id, var group = title.group else { return title }
            let inProgress = group.progress?.inProgress ?? 0
            group.progress = GroupProgress(watched: watched ? group.episodes : 0, inProgress: watched ? 0 : inProgress)
            var title = title
            title.group = group
            return title
        }
        if let detail { self.detail = marked(detail) }
        guard items.indices.contains(selection), items[selection].id == id else { return }
        items.replace(at: selection, with: marked(items[selection]))
    }
}
