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
