import Browser
import Downloads
import Player
import Terminal

extension AppState {
    /// The state a new session starts from, when `self` is where the last one ended (folded
    /// from its journal): the same catalog position, query and selection; the player, if one
    /// was open (or open when the user quit), reopened paused where it was; not quitting, the
    /// help closed, laid out for the screen's `size` now. Effects the state asks for (a page
    /// still loading) start again by themselves.
    ///
    ///     let state = restored.state.resumed(size: screen.size)
    package func resumed(size: Size) -> AppState {
        var state = self
        state.isQuitting = false
        state.isHelpShown = false
        state.helpOffset = 0
        // The downloads spin tells the board afresh when it starts.
        state.downloads = DownloadsBoard()
        state.downloadNotice = nil
        if let player = state.player {
            state.player = PlayerState(title: player.title, nextTitle: player.nextTitle, upNextQuery: state.list.query,
                                       position: player.pendingSeek?.target ?? player.position, isPlaying: false,
                                       volume: player.keepsVolume ? player.volume : state.chosenVolume,
                                       isMuted: player.keepsVolume ? player.isMuted : state.chosenMute ?? false)
        } else if let title = state.titleOpenAtQuit {
            AppReducer.openPlayer(title, position: state.positions[title.id] ?? 0, isPlaying: false, in: &state)
        }
        state.titleOpenAtQuit = nil
        if state.player != nil { state.resumeOffer = nil }
        AppReducer.reduce(&state, .resized(size))
        return state
    }
}
