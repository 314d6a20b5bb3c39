import Catalog
import Spin

// What must always hold of the player, in one place. The reducer keeps these after every event;
// the domain's tests check them after every event they send, `TestStore` after every event it
// reduces, and the app's reducer (whose state holds the player) in debug builds. The HUD and the
// effects rely on them: the progress bar draws the position within the title, the seek effect
// never seeks outside it, the picker draws its selection among its rows.
extension PlayerState: InvariantRules {
    /// The rules, each with the name a failure reports.
    package enum Rule: String, CaseIterable, Sendable {
        case positionWithinTitle =
            "the position is never negative, and within the title once the title's length is known"
        case volumeWithinBounds = "the volume is within 0 … 130"
        case playbackWithinBounds = "the speed and the subtitles' delay are within their bounds"
        case seekWithinTitle = "a seek is pending only over ready media, to a second of the title"
        case stopsAtTheEnd = "at the end, playback is wanted only while a seek leaves the end"
        case tracksOfTheMedia =
            "once the media is ready, the chosen audio is one of its audio tracks (none only when it has none), and the subtitles are off or one of its subtitle tracks"
        case pickerOnItsRows = "the track picker is open only over ready media, on one of its rows"
        case promptsOverReadyMedia = "the prompts show only over ready media"
        case countdownsFromTenToOne = "a prompt counts down from 10 to 1"
        case skipIntroInTheIntro =
            "skip intro counts down only in the intro, and is skipping exactly while its seek is pending"
        case upNextInTheCredits = "up next counts down only in the credits, and only with a next title"
        case lookupOnlyWithoutNextTitle = "the next title is looked up only while it is not known"
        case exitToTheNextTitle = "the player leaves for a next title only for the one up next offers"
        case seekPreviewWithTheHUD = "the seek preview shows only with the HUD, over ready media, at a second of the title"
    }


    /// Whether `rule` holds.
    package func holds(_ rule: Rule) -> Bool {
        switch rule {
        case .positionWithinTitle:
            // A title whose media gives its length has none to clamp to until the media has loaded.
            let knowsLength = media == .ready || title.media?.knowsDuration != false
            return position >= 0 && (!knowsLength || position <= title.duration)
        case .volumeWithinBounds:
            return (0 ... Self.maximumVolume).contains(volume)
        case .playbackWithinBounds:
            return (PlaybackChoice.minimumSpeed ... PlaybackChoice.maximumSpeed).contains(playback.speed)
                && (-Self.maximumSubtitleDelay ... Self.maximumSubtitleDelay).contains(playback.subtitleDelay)
        case .seekWithinTitle:
            guard let pendingSeek else { return true }
            return media == .ready && (0 ... title.duration).contains(pendingSeek.target)
        case .stopsAtTheEnd:
            return !(isPlaying && isAtEnd) || pendingSeek != nil
        case .tracksOfTheMedia:
            guard media == .ready else { return true }
            let audio = audioTracks.map(\.id), subtitles = subtitleTracks.map(\.id)
            let audioHolds = playback.audioTrack.map(audio.contains) ?? audio.isEmpty
            let subtitlesHold = playback.subtitles?.track.map(subtitles.contains) ?? true
            return audioHolds && subtitlesHold
        case .pickerOnItsRows:
            guard let trackPicker else { return true }
            return media == .ready && trackPickerRows.indices.contains(trackPicker.selection)
        case .promptsOverReadyMedia:
            return media == .ready || (skipIntro.phase == .hidden && upNext.phase == .hidden)
        case .countdownsFromTenToOne:
            return [skipIntro, upNext].allSatisfy { countdown in
                countdown.secondsLeft.map { (1 ... PlayerTiming.countdownStart).contains($0) } ?? true
            }
        case .skipIntroInTheIntro:
            let counts = skipIntro.secondsLeft == nil || introZone.contains(promptPosition)
            return counts && (skipIntro.phase == .acting) == (pendingSeek?.purpose == .skipIntro)
        case .upNextInTheCredits:
            guard upNext.secondsLeft != nil else { return nextTitle != nil || upNext.phase == .hidden }
            return nextTitle != nil && creditsZone.contains(promptPosition)
        case .lookupOnlyWithoutNextTitle:
            return upNextQuery == nil || nextTitle == nil
        case .exitToTheNextTitle:
            guard case .playNext(let next) = exit else { return true }
            return next == nextTitle
        case .seekPreviewWithTheHUD:
            guard let seekPreview else { return true }
            return isHUDVisible && media == .ready && (0 ... title.duration).contains(seekPreview.target)
        }
    }
}
