import Catalog

extension PlayerState {
    /// Whether the position has reached the end of the title (playback stops there).
    package var isAtEnd: Bool { media == .ready && position >= title.duration }

    /// Play from `playbackStart`, while playing, not seeking and not at the end. It does not
    /// change with the position, so the playback effect runs for the whole stretch.
    package var playbackRequest: PlaybackRequest? {
        guard exit == nil, media == .ready, isPlaying, pendingSeek == nil, !isAtEnd else { return nil }
        return PlaybackRequest(title: title, start: playbackStart, speed: playback.speed)
    }

    /// Whether the engine should be playing: the user's intent, until the end or the exit.
    /// Unlike `playbackRequest`, a seek does not pause the engine.
    package var wantsEngineToPlay: Bool {
        exit == nil && media == .ready && isPlaying && !isAtEnd
    }

    /// What the engine should be doing, once the media is ready; nil before (the engine is
    /// told nothing about media it has not loaded) and after the player is done.
    package var engineSettings: EngineSettings? {
        guard exit == nil, media == .ready else { return nil }
        return EngineSettings(
            titleID: title.id, isPlaying: wantsEngineToPlay, volume: volume, isMuted: isMuted, playback: playback)
    }

    /// Open the title's media, while the player shows it and it has not failed.
    package var mediaRequest: MediaRequest? {
        guard exit == nil else { return nil }
        if case .failed = media { return nil }
        return openMedia
    }

    /// The media loaded: the title takes what the catalog left out from it, the position is
    /// kept within the title, the volume is the engine's (its user's configuration) unless
    /// the user chose one in an earlier title, and the tracks are the media's (with the user's
    /// choice from an earlier time, where the media still has those tracks).
    mutating func mediaLoaded(_ info: MediaInfo) {
        guard media == .loading else { return }
        title = title.merged(with: info)
        media = .ready
        position = min(position, title.duration)
        playbackStart = position
        takeTracks(info.tracks)
        if !keepsVolume {
            if let engineVolume = info.volume { volume = min(max(0, engineVolume), Self.maximumVolume) }
            isMuted = info.isMuted
        }
        if isAtEnd { stopAtEnd() }
        if let notice = info.notice {
            // Shown with the HUD, until the next key or the HUD's 3 s.
            self.notice = notice
            isHUDVisible = true
        }
    }

    /// The media failed or the engine stopped: nothing plays any more; the HUD stays to say why.
    mutating func mediaFailed(_ message: String) {
        media = .failed(message)
        pendingSeek = nil
        seekPreview = nil
        isHUDVisible = true
        skipIntro = Countdown()
        upNext = Countdown()
        trackPicker = nil
    }

    mutating func changeVolume(by step: Int) {
        volume = min(max(0, volume + step), Self.maximumVolume)
        if step > 0 { isMuted = false }
        keepsVolume = true
    }

    mutating func toggleMute() {
        isMuted.toggle()
        keepsVolume = true
    }

    /// Ask the catalog for the title after this one, while up next does not know it yet.
    package var upNextLookup: UpNextLookup? {
        guard exit == nil, nextTitle == nil, let upNextQuery else { return nil }
        return UpNextLookup(titleID: title.id, query: upNextQuery)
    }

    /// The catalog's answer to `upNextLookup`: the next title, or nil at the end of the list.
    mutating func nextTitleFound(_ next: Title?, after titleID: String) {
        guard titleID == title.id, upNextQuery != nil else { return }
        upNextQuery = nil
        nextTitle = next
    }

    /// Space: pauses, or plays on from here; at the end, plays again from the start. A title of
    /// no length (media that cannot tell its length) has no start to go back to: it stays paused.
    mutating func togglePlayback() {
        guard media == .ready else { return }
        if isPlaying {
            isPlaying = false
            return
        }
        isPlaying = true
        playbackStart = position
        if isAtEnd && pendingSeek == nil {
            startSeek(to: 0, purpose: .user)
            if pendingSeek == nil { isPlaying = false }
        }
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
