import Catalog
import Player

/// How the user chose to play each title (audio and subtitle tracks, subtitle delay, speed):
/// kept when they change it in the player, given back to the player when the title plays
/// again. The session's journal keeps `playbackChoices`; a library keeps them too, through
/// `playbackChoiceWrites` (`AppFeedbacks.savingPlaybackChoices`).
extension AppReducer {
    /// After a player event: the player's choice, if the user made one (now or before) and it
    /// is not the one kept already.
    static func keepPlaybackChoice(_ state: inout AppState, _ event: AppEvent) {
        guard case .player = event, let player = state.player, player.keepsPlayback, player.media == .ready else { return }
        let id = player.title.id
        guard state.playbackChoices[id] != player.playback else { return }
        state.playbackChoices[id] = player.playback
        state.playbackChoiceWrites.append(id, player.playback)
    }

    /// The library's choices join the session's: the library's win for the titles both know,
    /// and the session's others are given to the library.
    static func joinLoadedChoices(_ choices: [String: PlaybackChoice], into state: inout AppState) {
        state.wantsPlaybackChoices = false
        let sessionOnly = Set(state.playbackChoices.keys).subtracting(choices.keys)
        state.playbackChoices.merge(choices) { $1 }
        for id in sessionOnly.sorted() {
            if let choice = state.playbackChoices[id] { state.playbackChoiceWrites.append(id, choice) }
        }
    }
}
