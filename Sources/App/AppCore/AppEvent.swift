import Browser
import Catalog
import Downloads
import Player
import Terminal

/// What can happen to the app, as facts.
package enum AppEvent: Equatable, Sendable, Codable {
    /// A key while a download's notice shows: the notice goes (it shows until the next key),
    /// then the key's own meaning, if any, is reduced (`KeyMap.event(for:in:)` says so).
    indirect case downloadNoticeDismissed(then: AppEvent?)
    case list(ListEvent)
    case player(PlayerEvent)
    /// Enter on the list or the details: the selected title starts playing.
    case playerOpened
    case resized(Size)
    /// A key for the query line's text (typing, cursor moves, deletions), or a paste into the
    /// open query line: the list filters on the new text at once.
    case searchKeyPressed(InputEvent)
    /// A paste on the list: the query line opens with the pasted text added to the query.
    case searchPasted(String)
    case helpToggled
    /// ↑↓ in the open help: it scrolls when it does not fit.
    case helpScrolled(by: Int)
    /// Ctrl+D / Ctrl+U in the open help: it scrolls half the lines it shows.
    case helpScrolledHalfPage(down: Bool)
    /// n / N on the list while a search is kept: the next / previous title whose name matches it
    /// (`SearchJump`).
    case searchMatchRequested(forward: Bool)
    case quitRequested
    /// The answer to the offer to resume a title where the user left it.
    case resumeAnswered(ResumeAnswer)
    /// A new session starts from the last one's state, on a screen of this size
    /// (`AppState.resumed(size:)`). Journaled first, so folding the journal goes through it.
    case sessionResumed(Size)
    /// The library's scan moved on (or finished); titles it stored come with `list(.catalogChanged)`.
    case scanProgressed(ScanStatus)
    /// The library made (or could not make: nil) the picture of the title the details pane asked
    /// for (`AppState.artRequest`).
    case artLoaded(titleID: String, image: ArtImage?)
    /// The library made (or could not make: nil) the picture of a card of the grid
    /// (`AppState.cardArtRequests`).
    case cardArtLoaded(ArtRequest, image: ArtImage?)
    /// The library cut (or has not: nil) preview frame `frame` of the title playing, which the
    /// seek preview asked for (`AppState.seekPreviewRequest`).
    case seekPreviewLoaded(titleID: String, frame: Int, image: ArtImage?)
    /// `v` on the list: it shows as a grid of posters, or as rows again.
    case gridToggled
    /// `R` on the library: its folders are scanned again.
    case rescanRequested
    /// What the downloads spin told (through its gear): a download appeared, moved on or went.
    case download(DownloadsGearEvent)
    /// `d`: download the title on screen (the player's, the details', the selected row's);
    /// on the downloads screen, retry the selected download.
    case downloadRequested
    /// `c`: cancel the download of the title on screen (or the downloads screen's row).
    case downloadCancelRequested
    /// `o`: open or close the downloads screen.
    case downloadsToggled
    /// ↑↓ on the downloads screen (by rows; Home and End by the whole list).
    case downloadsMoved(by: Int)
    /// Ctrl+D / Ctrl+U on the downloads screen: by half the rows it shows.
    case downloadsMovedHalfPage(down: Bool)
    /// On the downloads screen: remove the selected download and its local copy.
    case downloadRemoveRequested
    /// On the downloads screen: play the selected title from its local copy.
    case downloadPlayRequested
    /// `w`: the title on screen (the player's, the details', the selected row's) is marked
    /// watched, or not watched any more.
    case watchedToggled
    /// The library's watch marks, read once at the start: they join the session's.
    case watchMarksLoaded([String: WatchMark])
    /// The store's marks may have changed elsewhere (another client of a server, another
    /// process on the library): they are read again, if the app has a store.
    case watchMarksChanged

    /// `s`: the views go on to the next order (title, year, date added, length).
    case orderCycled
    /// `f`: the filter picker opens, and asks the catalog for its genres and decades.
    case filterPickerOpened
    case filterPickerMoved(by: Int)
    /// Enter in the picker: its row's filter applies to the views.
    case filterPickerChosen
    case filterPickerClosed
    case facetsLoaded(ListFacets)
    case facetsFailed(String)

    /// The library's playback choices (tracks, subtitle delay, speed), read once at the start.
    case playbackChoicesLoaded([String: PlaybackChoice])

    /// The list's part of the event, for `Reducer.scope`: its own events. (The screen's size
    /// and the grid reach it as `layoutChanged`, from `AppReducer.fitListLayout`.)
    var listEvent: ListEvent? {
        if case .list(let event) = self { event } else { nil }
    }

    /// The player's part of the event, for `Reducer.ifLet`.
    var playerEvent: PlayerEvent? {
        if case .player(let event) = self { event } else { nil }
    }
}
