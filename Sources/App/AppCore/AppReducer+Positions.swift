import Browser
import Catalog
import Player

/// "Continue watching": where the user left each title, and the offer to resume it.
extension AppReducer {
    /// Positions under this many seconds are not worth offering to resume.
    static let minimumResumePosition = 10

    /// When the player is about to close (back, quit, up next), remembers where the title was
    /// left, or forgets it when it was watched to the credits; a quit from the player also
    /// remembers that it was open, for the next session.
    static func rememberPosition(_ state: inout AppState, _ event: AppEvent) {
        guard case .player = event, let player = state.player, let exit = player.exit else { return }
        let title = player.title
        if exit == .quit { state.titleOpenAtQuit = title }
        // Media that never loaded says nothing about where the user is: keep what was saved.
        guard player.media == .ready else { return }
        let position = player.pendingSeek?.target ?? player.position
        if player.isAtEnd || position >= title.creditsStart || position < minimumResumePosition {
            state.positions[title.id] = nil
        } else {
            state.positions[title.id] = position
        }
    }

    /// Resume where the title was left, start it over (forgetting the position), or neither.
    static func answerResumeOffer(_ state: inout AppState, _ event: AppEvent) {
        guard case .resumeAnswered(let answer) = event, let offer = state.resumeOffer else { return }
        state.resumeOffer = nil
        switch answer {
        case .resume:
            openPlayer(offer.title, position: offer.position, in: &state)
        case .startOver:
            state.positions[offer.title.id] = nil
            openPlayer(offer.title, in: &state)
        case .dismissed:
            break
        }
    }
}
