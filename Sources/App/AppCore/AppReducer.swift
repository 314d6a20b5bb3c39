import Browser
import Catalog
import Player
import Spin
import SpindleUI

/// The app's pure reducer: the list and the player are child reducers embedded by `scope` and
/// `ifLet`; the app handles its own events (the query line, the help, opening the player) and
/// the player's exit.
package enum AppReducer {
    /// The invariants (`AppState+Invariants`) are checked after every event in debug builds.
    package static let reducer = unchecked.checkingInvariants()

    /// The reducer without the debug builds' check: for folding a saved session, whose state
    /// is checked once at the end (`AppSession.start`) rather than trusted.
    package static let unchecked = Reducer<AppState, AppEvent> { (state: inout AppState, event: AppEvent) in
        // A key that dismisses a download's notice carries its own meaning: the notice goes,
        // then that event goes through every part of the reducer.
        guard case .downloadNoticeDismissed(let meaning) = event else { return events.reduce(&state, event) }
        state.downloadNotice = nil
        if let meaning { events.reduce(&state, meaning) }
    }

    /// Every event but a notice's dismissal.
    static let events = Reducer<AppState, AppEvent>.combine(
        Reducer { (state: inout AppState, event: AppEvent) in reduceOwn(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in answerResumeOffer(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in reduceDownloads(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in reduceOrder(&state, event) },
        .scope(state: \AppState.list, event: { $0.listEvent }, child: ListState.reducer),
        .ifLet(\AppState.player, event: { $0.playerEvent }, child: PlayerState.reducer),
        Reducer { (state: inout AppState, event: AppEvent) in rememberPosition(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in rememberMedia(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in followPlayback(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in keepPlaybackChoice(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in closePlayerWhenDone(&state, event) },
        Reducer { (state: inout AppState, event: AppEvent) in fitListLayout(&state, event) }
    )

    /// After every event: the list has the rows and columns the screen and the grid give it
    /// (a resize, `v`, a view whose cards have another shape), once the screen is laid out.
    static func fitListLayout(_ state: inout AppState, _ event: AppEvent) {
        let isResize = if case .resized = event { true } else { false }
        guard isResize || state.list.viewportRows > 0 else { return }
        let wanted = state.listLayout
        if isResize || state.list.viewportRows != wanted.rows || state.list.columns != wanted.columns {
            ListState.reduce(&state.list, .layoutChanged(rows: wanted.rows, columns: wanted.columns))
        }
    }

    /// The reducer as a function, for tests and fixtures.
    package static func reduce(_ state: inout AppState, _ event: AppEvent) {
        reducer.reduce(&state, event)
    }

    static func reduceOwn(_ state: inout AppState, _ event: AppEvent) {
        switch event {
        case .list(.searchOpened):
            state.searchInput.setText(state.list.query)
        case .searchKeyPressed(let key):
            guard state.list.isSearchOpen, state.searchInput.handle(key) else { return }
            ListState.reduce(&state.list, .searchChanged(state.searchInput.text))
        case .searchPasted(let text):
            guard state.player == nil, !state.list.isDetailOpen else { return }
            if !state.list.isSearchOpen {
                ListState.reduce(&state.list, .searchOpened)
                state.searchInput.setText(state.list.query)
            }
            state.searchInput.insert(text: text)
            ListState.reduce(&state.list, .searchChanged(state.searchInput.text))
        case .playerOpened:
            guard let title = state.list.selectedTitle else { return }
            // A show's or a season's row: Enter goes into it.
            if title.group != nil, state.list.detail == nil {
                ListState.reduce(&state.list, .scopeEntered)
                return
            }
            if let position = state.positions[title.id] {
                state.resumeOffer = ResumeOffer(title: title, position: position)
                return
            }
            openPlayer(title, in: &state)
        case .artLoaded(let titleID, let image):
            // Only for the title the pane still shows: a late answer for another is dropped.
            guard state.list.detail?.id == titleID else { return }
            state.detailArt = DetailArt(titleID: titleID, image: image)
        case .cardArtLoaded(let request, let image):
            guard state.hasArt else { return }
            state.cardArt.store(image, for: request.titleID, kind: request.kind)
        case .seekPreviewLoaded(let titleID, let frame, let image):
            takeSeekPreview(&state, titleID: titleID, frame: frame, image: image)
        case .gridToggled:
            guard state.player == nil, !state.list.isDetailOpen else { return }
            state.showsPosters.toggle()
        case .resized(let size):
            state.size = size
            // Laying out the whole help only when it is scrolled (a start resizes once).
            if state.helpOffset > 0 { state.helpOffset = min(state.helpOffset, HelpOverlay.maximumOffset(for: state)) }
        case .helpToggled:
            state.isHelpShown.toggle()
            state.helpOffset = 0
        case .helpScrolled(let lines):
            state.helpOffset = min(max(state.helpOffset + lines, 0), HelpOverlay.maximumOffset(for: state))
        case .helpScrolledHalfPage(let down):
            let lines = max(1, HelpOverlay.visibleLines(for: state) / 2)
            reduceOwn(&state, .helpScrolled(by: down ? lines : -lines))
        case .searchMatchRequested(let forward):
            guard state.player == nil, !state.list.isSearchOpen, !state.list.isDetailOpen,
                  let target = SearchJump.target(in: state.list, forward: forward) else { return }
            ListState.reduce(&state.list, .selectionMoved(target))
        case .quitRequested:
            state.isQuitting = true
        case .scanProgressed(let status):
            state.scan = status
        case .rescanRequested:
            // Only a library scans, and one scan at a time.
            guard let scan = state.scan, scan.isFinished else { return }
            state.scanGeneration += 1
        case .watchedToggled:
            toggleWatched(&state)
        case .watchMarksLoaded(let marks):
            joinLoadedMarks(marks, into: &state)
        case .watchMarksChanged:
            guard state.hasWatchStore, !state.wantsWatchMarks else { return }
            state.wantsWatchMarks = true
            state.isRefreshingWatchMarks = true
        case .playbackChoicesLoaded(let choices):
            joinLoadedChoices(choices, into: &state)
        case .list, .player, .resumeAnswered, .download, .downloadRequested, .downloadCancelRequested, .downloadsToggled,
             .downloadsMoved, .downloadsMovedHalfPage, .downloadRemoveRequested, .downloadPlayRequested, .downloadNoticeDismissed,
             .orderCycled, .filterPickerOpened, .filterPickerMoved, .filterPickerChosen, .filterPickerClosed, .facetsLoaded,
             .facetsFailed:
            break
        case .sessionResumed(let size):
            state = state.resumed(size: size)
        }
    }

    /// After a player event: the player closes, quits or plays the next title when it says so.
    static func closePlayerWhenDone(_ state: inout AppState, _ event: AppEvent) {
        guard case .player = event, let player = state.player, let exit = player.exit else { return }
        state.seekPreviewArt = nil
        if player.keepsVolume {
            state.chosenVolume = player.volume
            state.chosenMute = player.isMuted
        }
        switch exit {
        case .backToList:
            state.player = nil
        case .quit:
            state.player = nil
            state.isQuitting = true
        case .playNext(let next):
            // The list follows when it has the title loaded, so that going back lands on the
            // title that was playing.
            if titleAfter(state.list.selection, in: state.list)?.id == next.id {
                ListState.reduce(&state.list, .selectionMoved(.right))
            }
            ListState.reduce(&state.list, .detailFollowed(next))
            openPlayer(next, in: &state)
        }
    }

    /// Opens the player on `title` at `position`. Up next is the title after it: the list's
    /// when it is the selection, the list has the next one loaded and the catalog's up next is
    /// the list's next; otherwise the catalog is asked (`PlayerState.upNextLookup`). The volume
    /// is the one chosen in an earlier player; the tracks and speed the ones chosen when this
    /// title played before.
    static func openPlayer(_ title: Title, position: Int = 0, isPlaying: Bool = true, in state: inout AppState) {
        let isSelected = state.list.selectedTitle?.id == title.id
        state.seekPreviewArt = nil
        let next = isSelected && !state.upNextAsksTheCatalog ? titleAfter(state.list.selection, in: state.list) : nil
        state.player = PlayerState(
            title: playable(title, in: state), nextTitle: next, upNextQuery: state.list.query, position: position, isPlaying: isPlaying,
            volume: state.chosenVolume, isMuted: state.chosenMute ?? false, playback: state.playbackChoices[title.id])
    }

    /// The loaded title after `index`, for up next (nil if not loaded yet or at the end).
    static func titleAfter(_ index: Int, in list: ListState) -> Title? {
        index + 1 < list.items.count ? list.items[index + 1] : nil
    }
}
