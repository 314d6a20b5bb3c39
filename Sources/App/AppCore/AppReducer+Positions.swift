import Browser
import Catalog
import Player

/// "Continue watching" and "watched": where the user left each title (◐), which titles they saw
/// to the credits (✓), and the offer to resume. Every change is also queued in `watchWrites`,
/// which the library keeps (`AppFeedbacks.savingWatchMarks`): the session's journal keeps
/// where the user was in the app, the library what they watched.
extension AppReducer {
    /// Positions under this many seconds are not worth offering to resume.
    static let minimumResumePosition = 10
    /// While a title plays, its position is kept again each time it moved this far.
    static let playbackSaveInterval = 15

    /// When the player is about to close (back, quit, up next), remembers where the title was
    /// left, or that it was watched when it reached the credits (or 90 %); a quit from the player
    /// also remembers that it was open, for the next session.
    static func rememberPosition(_ state: inout AppState, _ event: AppEvent) {
        guard case .player = event, let player = state.player, let exit = player.exit else { return }
        let title = player.title
        if exit == .quit { state.titleOpenAtQuit = title }
        // Media that never loaded says nothing about where the user is: keep what was saved.
        guard player.media == .ready else { return }
        let position = player.pendingSeek?.target ?? player.position
        if player.isAtEnd || isWatched(position, of: title) {
            setMark(WatchMark(watched: true), of: title.id, in: &state)
        } else if position < minimumResumePosition {
            setMark(WatchMark(watched: state.watched.contains(title.id)), of: title.id, in: &state)
        } else {
            setMark(WatchMark(position: position, watched: state.watched.contains(title.id)), of: title.id, in: &state)
        }
    }

    /// While a title plays, keeps its position every `playbackSaveInterval` seconds and marks
    /// it watched once it reaches the credits: a crash mid-episode loses at most that much.
    static func followPlayback(_ state: inout AppState, _ event: AppEvent) {
        guard case .player = event, let player = state.player, player.exit == nil, player.media == .ready,
              player.pendingSeek == nil else { return }
        let title = player.title
        let position = player.position
        if isWatched(position, of: title) {
            if !state.watched.contains(title.id) { setMark(WatchMark(watched: true), of: title.id, in: &state) }
            return
        }
        guard position >= minimumResumePosition,
              abs(position - (state.positions[title.id] ?? 0)) >= playbackSaveInterval else { return }
        setMark(WatchMark(position: position, watched: state.watched.contains(title.id)), of: title.id, in: &state)
    }

    /// Whether `position` counts as watched: in the credits, or past 90 % of a title without.
    static func isWatched(_ position: Int, of title: Title) -> Bool {
        guard title.duration > 0 else { return false }
        if title.creditsStart < title.duration, position >= title.creditsStart { return true }
        return position * 10 >= title.duration * 9
    }

    /// `w`: the title on screen becomes watched (its position forgotten), or not watched. In the
    /// player, which shows no mark, the HUD says which ("✓ marked watched", "marked not watched").
    /// On a show's or a season's row, all its episodes do (none, when all were): the library
    /// marks them (`groupWatchWrites`), and the row says so at once.
    static func toggleWatched(_ state: inout AppState) {
        guard let title = state.player?.title ?? state.list.detail ?? state.list.selectedTitle else { return }
        if let group = title.group {
            guard state.hasWatchStore else { return }
            let watched = !group.isWatched
            state.groupWatchWrites.append(title.id, GroupWatchMark(group: group, watched: watched))
            ListState.reduce(&state.list, .groupMarked(id: title.id, watched: watched))
            return
        }
        let watched = !state.watched.contains(title.id)
        setMark(WatchMark(position: watched ? 0 : state.positions[title.id] ?? 0, watched: watched), of: title.id, in: &state)
        if state.player != nil {
            PlayerState.reduce(&state.player!, .noticeShown(watched ? markedWatched : markedNotWatched))
        }
    }

    /// What the player's HUD says after `w`.
    static let markedWatched = "✓ marked watched"
    static let markedNotWatched = "marked not watched"

    /// The library's marks join the session's: the library's win for the titles both know, and
    /// the session's others are given to the library.
    static func joinLoadedMarks(_ marks: [String: WatchMark], into state: inout AppState) {
        state.wantsWatchMarks = false
        // Read again after a change elsewhere: what the store says joins the session's marks;
        // the session's own were sent at the start.
        let isRefresh = state.isRefreshingWatchMarks
        state.isRefreshingWatchMarks = false
        let sessionOnly = isRefresh ? [] : Set(state.positions.keys).union(state.watched).subtracting(marks.keys)
        for (id, mark) in marks {
            state.positions[id] = mark.position > 0 ? mark.position : nil
            if mark.watched { state.watched.insert(id) } else { state.watched.remove(id) }
        }
        for id in sessionOnly.sorted() {
            state.watchWrites.append(id, WatchMark(position: state.positions[id] ?? 0, watched: state.watched.contains(id)))
        }
    }

    /// Sets the title's mark in the state, and queues it for the library when it changed.
    static func setMark(_ mark: WatchMark, of id: String, in state: inout AppState) {
        let position = mark.position >= minimumResumePosition && !mark.watched ? mark.position : nil
        let old = WatchMark(position: state.positions[id] ?? 0, watched: state.watched.contains(id))
        state.positions[id] = position
        if mark.watched { state.watched.insert(id) } else { state.watched.remove(id) }
        let new = WatchMark(position: position ?? 0, watched: mark.watched)
        if new != old { state.watchWrites.append(id, new) }
    }

    /// Resume where the title was left, start it over (forgetting the position), or neither.
    static func answerResumeOffer(_ state: inout AppState, _ event: AppEvent) {
        guard case .resumeAnswered(let answer) = event, let offer = state.resumeOffer else { return }
        state.resumeOffer = nil
        switch answer {
        case .resume:
            openPlayer(offer.title, position: offer.position, in: &state)
        case .startOver:
            setMark(WatchMark(watched: state.watched.contains(offer.title.id)), of: offer.title.id, in: &state)
            openPlayer(offer.title, in: &state)
        case .dismissed:
            break
        }
    }
}
