import Catalog

extension PlayerState {
    enum CodingKeys: String, CodingKey {
        case title, nextTitle, media, volume, isMuted, position, isPlaying, pendingSeek, isHUDVisible
        case interactionCount, skipIntro, upNext, exit, playbackStart, openMedia, keepsVolume, upNextQuery
        case tracks, playback, keepsPlayback, trackPicker, subtitlesToRestore, notice
    }

    /// Reads a player as saved in a session journal, also one saved before titles could play
    /// for real (no `media`, volume, up-next or track fields): those start as a title without media
    /// does, so an older session still resumes.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(Title.self, forKey: .title)
        nextTitle = try container.decodeIfPresent(Title.self, forKey: .nextTitle)
        media = try container.decodeIfPresent(MediaState.self, forKey: .media) ?? .ready
        volume = try container.decodeIfPresent(Int.self, forKey: .volume) ?? 100
        isMuted = try container.decodeIfPresent(Bool.self, forKey: .isMuted) ?? false
        position = try container.decode(Int.self, forKey: .position)
        isPlaying = try container.decode(Bool.self, forKey: .isPlaying)
        pendingSeek = try container.decodeIfPresent(PendingSeek.self, forKey: .pendingSeek)
        isHUDVisible = try container.decode(Bool.self, forKey: .isHUDVisible)
        interactionCount = try container.decode(Int.self, forKey: .interactionCount)
        skipIntro = try container.decode(Countdown.self, forKey: .skipIntro)
        upNext = try container.decode(Countdown.self, forKey: .upNext)
        exit = try container.decodeIfPresent(PlayerExit.self, forKey: .exit)
        playbackStart = try container.decode(Int.self, forKey: .playbackStart)
        openMedia = try container.decodeIfPresent(MediaRequest.self, forKey: .openMedia)
        keepsVolume = try container.decodeIfPresent(Bool.self, forKey: .keepsVolume) ?? false
        upNextQuery = try container.decodeIfPresent(String.self, forKey: .upNextQuery)
        tracks = try container.decodeIfPresent([MediaTrack].self, forKey: .tracks) ?? []
        playback = try container.decodeIfPresent(PlaybackChoice.self, forKey: .playback) ?? PlaybackChoice()
        keepsPlayback = try container.decodeIfPresent(Bool.self, forKey: .keepsPlayback) ?? false
        trackPicker = try container.decodeIfPresent(TrackPicker.self, forKey: .trackPicker)
        subtitlesToRestore = try container.decodeIfPresent(Int.self, forKey: .subtitlesToRestore)
        notice = try container.decodeIfPresent(String.self, forKey: .notice)
    }
}
