extension PlayerState {
    /// Whether the position has reached the end of the title (playback stops there).
    public var isAtEnd: Bool { position >= title.duration }

    /// Play from `playbackStart`, while playing, not seeking and not at the end. It does not
    /// change with the position, so the playback effect runs for the whole stretch.
    public var playbackRequest: PlaybackRequest? {
        guard exit == nil, isPlaying, pendingSeek == nil, !isAtEnd else { return nil }
        return PlaybackRequest(title: title, start: playbackStart)
    }

    /// Whether the engine should be playing: the user's intent, until the end or the exit.
    /// Unlike `playbackRequest`, a seek does not pause the engine.
    public var wantsEngineToPlay: Bool {
        exit == nil && isPlaying && !isAtEnd
    }

    /// Space: pauses, or plays on from here; at the end, plays again from the start.
    mutating func togglePlayback() {
        if isPlaying {
            isPlaying = false
            return
        }
        isPlaying = true
        playbackStart = position
        if isAtEnd && pendingSeek == nil { startSeek(to: 0, purpose: .user) }
    }

    /// A second of media time played. Ignored when playback has stopped meanwhile (a pause or a
    /// seek cancels the effect, so this is only a second line of defence).
    mutating func advance(to newPosition: Int) {
        guard isPlaying, pendingSeek == nil else { return }
        position = min(max(0, newPosition), title.duration)
        if isAtEnd { stopAtEnd() }
    }

    /// Reaching the end stops playback and shows the HUD, as a pause would.
    mutating func stopAtEnd() {
        isPlaying = false
        isHUDVisible = true
    }
}
