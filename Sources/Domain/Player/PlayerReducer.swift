import Spin

extension PlayerState: ReducibleState {
    /// Applies `event` to `state`. Pure: no clock, no I/O, no terminal.
    ///
    /// A player that has an `exit` ignores everything: it is about to be closed, and whatever
    /// was still in flight for it must not change it. After every event the prompts follow the
    /// position (see `refreshPrompts`).
    package static func reduce(_ state: inout PlayerState, _ event: PlayerEvent) {
        guard state.exit == nil else { return }
        switch event {
        case .playPauseToggled:
            state.noteInteraction()
            state.togglePlayback()
        case .seekRequested(let seconds):
            state.noteInteraction()
            state.seek(by: seconds)
            state.previewSeek()
        case .jumpRequested(let target):
            state.noteInteraction()
            state.startSeek(to: target, purpose: .user)
            state.previewSeek()
        case .barHovered(let second):
            state.hover(at: second)
        case .hudToggled:
            state.toggleHUD()
        case .interacted:
            state.noteInteraction()
        case .noticeShown(let text):
            state.noteInteraction()
            state.notice = text
        case .skipIntroRequested:
            state.noteInteraction()
            state.skipIntroNow()
        case .promptDismissed:
            state.noteInteraction()
            state.dismissPrompts()
        case .upNextAccepted:
            state.noteInteraction()
            if state.upNext.secondsLeft != nil { state.playNext() }
        case .volumeChanged(let step):
            state.noteInteraction()
            state.changeVolume(by: step)
        case .muteToggled:
            state.noteInteraction()
            state.toggleMute()
        case .mediaLoaded(let info):
            state.mediaLoaded(info)
        case .mediaFailed(let message):
            state.mediaFailed(message)
        case .nextTitleFound(let next, let titleID):
            state.nextTitleFound(next, after: titleID)
        case .audioCycled, .subtitlesCycled, .subtitlesToggled, .subtitleDelayChanged, .speedChanged,
             .trackPickerToggled, .trackPickerMoved, .trackPickerChose:
            state.noteInteraction()
            state.changeTracks(event)
        case .backRequested:
            state.exit = .backToList
        case .quitRequested:
            state.exit = .quit
        case .positionAdvanced(let position):
            state.advance(to: position)
        case .seekFinished(let target):
            state.finishSeek(at: target)
        case .hudTimedOut(let interaction):
            state.hideHUD(after: interaction)
        case .seekPreviewTimedOut(let seekKey):
            state.hideSeekPreview(after: seekKey)
        case .countdownTicked(let prompt, let secondsLeft):
            state.tick(prompt, to: secondsLeft)
        }
        state.refreshPrompts()
    }
}
