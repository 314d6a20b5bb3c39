import Catalog

/// Tracks and speed: cycling the audio and subtitle tracks, subtitles on and off and their
/// delay, the speed, and the track picker. Each changes `playback`, which the engine follows
/// (`engineSettings`) and the app keeps for the title (`keepsPlayback`).
extension PlayerState {
    package var audioTracks: [MediaTrack] { tracks.filter { $0.kind == .audio } }
    package var subtitleTracks: [MediaTrack] { tracks.filter { $0.kind == .subtitles } }

    /// The audio track playing, if the media has one.
    package var currentAudio: MediaTrack? {
        audioTracks.first { $0.id == playback.audioTrack }
    }

    /// The subtitle track shown; nil when subtitles are off (or the media has none).
    package var currentSubtitles: MediaTrack? {
        subtitleTracks.first { $0.id == playback.subtitles?.track }
    }

    /// The picker's rows: the audio tracks, "no subtitles", the subtitle tracks.
    package var trackPickerRows: [TrackPickerRow] {
        audioTracks.map(TrackPickerRow.audio) + [.subtitlesOff] + subtitleTracks.map(TrackPickerRow.subtitles)
    }

    /// Whether `row` is what plays now (the picker marks it).
    package func isCurrent(_ row: TrackPickerRow) -> Bool {
        switch row {
        case .audio(let track): track.id == playback.audioTrack
        case .subtitlesOff: playback.subtitles == .off
        case .subtitles(let track): playback.subtitles == .track(track.id)
        }
    }

    /// The media's tracks are known (loaded, or a simulated title opened): a choice for tracks
    /// the media does not have is dropped, and what was not chosen is the media's default.
    mutating func takeTracks(_ tracks: [MediaTrack]) {
        self.tracks = tracks
        let audio = audioTracks
        if let id = playback.audioTrack, !audio.contains(where: { $0.id == id }) { playback.audioTrack = nil }
        if playback.audioTrack == nil { playback.audioTrack = (audio.first { $0.isSelected } ?? audio.first)?.id }
        let subtitles = subtitleTracks
        if let id = playback.subtitles?.track, !subtitles.contains(where: { $0.id == id }) { playback.subtitles = nil }
        if playback.subtitles == nil { playback.subtitles = subtitles.first { $0.isSelected }.map { .track($0.id) } ?? .off }
    }

    /// A track or speed key. Only once the media is ready: before, the tracks are not known.
    mutating func changeTracks(_ event: PlayerEvent) {
        guard media == .ready else { return }
        let before = playback
        switch event {
        case .audioCycled:
            playback.audioTrack = Self.after(playback.audioTrack, in: audioTracks.map(\.id))
        case .subtitlesCycled:
            // Each track, then none, then the first again (as mpv's `j`).
            let ids = subtitleTracks.map(\.id)
            guard !ids.isEmpty else { break }
            if let current = playback.subtitles?.track, let index = ids.firstIndex(of: current) {
                playback.subtitles = index + 1 < ids.count ? .track(ids[index + 1]) : .off
            } else {
                playback.subtitles = .track(ids[0])
            }
        case .subtitlesToggled:
            toggleSubtitles()
        case .subtitleDelayChanged(let milliseconds):
            playback.subtitleDelay = min(max(playback.subtitleDelay + milliseconds, -Self.maximumSubtitleDelay),
                                         Self.maximumSubtitleDelay)
        case .speedChanged(let change):
            changeSpeed(change)
        case .trackPickerToggled:
            trackPicker = trackPicker == nil ? TrackPicker(selection: trackPickerRows.firstIndex(where: isCurrent) ?? 0) : nil
        case .trackPickerMoved(let rows):
            guard let picker = trackPicker else { break }
            let last = trackPickerRows.count - 1
            trackPicker = TrackPicker(selection: min(max(picker.selection + rows, 0), last))
        case .trackPickerChose:
            guard let picker = trackPicker else { break }
            trackPicker = nil
            switch trackPickerRows[picker.selection] {
            case .audio(let track): playback.audioTrack = track.id
            case .subtitlesOff: playback.subtitles = .off
            case .subtitles(let track): playback.subtitles = .track(track.id)
            }
        default:
            break
        }
        if playback != before { keepsPlayback = true }
    }

    /// The subtitles come at most this many milliseconds early or late.
    package static let maximumSubtitleDelay = 60_000

    /// `v`: off, remembering the track; or back on with it (the first track if none).
    private mutating func toggleSubtitles() {
        if let current = playback.subtitles?.track {
            subtitlesToRestore = current
            playback.subtitles = .off
        } else if let track = subtitleTracks.first(where: { $0.id == subtitlesToRestore }) ?? subtitleTracks.first {
            playback.subtitles = .track(track.id)
        }
    }

    private mutating func changeSpeed(_ change: SpeedChange) {
        let speed = switch change {
        case .step(let points): playback.speed + points
        case .halve: playback.speed / 2
        case .double: playback.speed * 2
        case .reset: PlaybackChoice.normalSpeed
        }
        let clamped = PlaybackChoice.clampedSpeed(speed)
        guard clamped != playback.speed else { return }
        playback.speed = clamped
        // The playback effect starts again at the new pace, from where playback is now.
        playbackStart = position
    }

    /// The id after `current` in `ids`, wrapping; the first if `current` is not there.
    private static func after(_ current: Int?, in ids: [Int]) -> Int? {
        guard let index = ids.firstIndex(where: { $0 == current }) else { return ids.first }
        return ids[(index + 1) % ids.count]
    }
}
