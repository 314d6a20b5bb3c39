import Catalog

/// Everything that can happen to the browser's list, as facts: what the user did, what the
/// screen did, and what the catalog answered.
package enum ListEvent: Equatable, Sendable, Codable {
    /// The screen was laid out or resized: `rows` lines are available for the list itself.
    case viewportResized(rows: Int)
    /// The list is laid out as a grid of `columns` titles a row (1: a list), `rows` rows on
    /// screen: Up and Down move by a row of titles, Left and Right by one, a page by a screen.
    case layoutChanged(rows: Int, columns: Int)
    case selectionMoved(SelectionMove)

    /// The answer to `request`. Ignored unless `request` is still the state's `pageToLoad`.
    case pageLoaded(Page, for: PageRequest)
    /// `request` failed; `message` says why, for the user. Ignored unless still current.
    case pageFailed(_ message: String, for: PageRequest)
    /// The user asked to try the failed page again.
    case retryRequested
    /// The catalog's titles changed (a scan stored new ones): what is loaded is loaded again,
    /// from the start and in one request, and replaces the list when it arrives, on the same
    /// selected title.
    case catalogChanged

    /// `/`: the query line opens, holding the current query to edit.
    case searchOpened
    /// The text on the query line changed: the list filters on it at once (trimmed).
    case searchChanged(String)
    /// Enter on the query line: the line closes and the filter stays.
    case searchApplied
    /// Esc about search: clears the filter (back to the whole list, on the title selected before
    /// the search) and closes the query line if it is open.
    case searchCancelled

    /// One of the top views (all, films, shows) is chosen: the list starts over on it, at the
    /// top, without a search.
    case scopeChosen(ListScope)
    /// `s`: the views' order; the list starts over in it, at the top, without a search.
    case orderChosen(ListOrder)
    /// `f`: the views' filter; the list starts over with it, at the top, without a search.
    case filterChosen(ListFilter)
    /// Enter on a show's or a season's row: the list goes into it (Esc comes back here).
    case scopeEntered

    /// `i` on the list: the selected title's detail opens.
    case detailOpened
    case detailClosed
    /// The player went on to `title` (up next) while a detail was open: the detail follows, so
    /// that going back lands on the title that was playing, not the one before it.
    case detailFollowed(Title)
    /// Esc: backs out of whatever is innermost (detail, then the search, then a show or season).
    case backRequested
    /// `w` on a show's or a season's row (`id`): its episodes were all marked watched, or none;
    /// the row (and its details) say so at once, before the catalog's next reading.
    case groupMarked(id: String, watched: Bool)
}
