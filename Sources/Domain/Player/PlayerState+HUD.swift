extension PlayerState {
    /// Hide the HUD 3 s after the last key press, while playing and shown. Keyed by the key
    /// press, so every press cancels the running wait and starts a new one; nil while paused
    /// (a paused player keeps its HUD) unless a notice shows, which goes when the wait ends;
    /// nil too while the mouse pointer rests on the bar (its preview shows).
    package var hudHideRequest: HUDHideRequest? {
        guard exit == nil, media == .ready, isHUDVisible, isPlaying || notice != nil, seekPreview?.isHover != true else { return nil }
        return HUDHideRequest(titleID: title.id, interaction: interactionCount)
    }

    /// Any key press: the HUD shows, and its 3 s start again; a notice goes.
    mutating func noteInteraction() {
        notice = nil
        isHUDVisible = true
        interactionCount += 1
    }

    /// Tab/Enter: a shown HUD hides at once; a hidden one shows as for any key.
    mutating func toggleHUD() {
        if isHUDVisible {
            isHUDVisible = false
            notice = nil
            seekPreview = nil
        } else {
            noteInteraction()
        }
    }

    /// The wait after key press `interaction` ended: the notice goes, and the HUD hides (the seek
    /// preview with it), unless a later key press (or a pause) made that wait irrelevant.
    mutating func hideHUD(after interaction: Int) {
        guard interaction == interactionCount else { return }
        notice = nil
        guard isPlaying else { return }
        isHUDVisible = false
        seekPreview = nil
    }
}
