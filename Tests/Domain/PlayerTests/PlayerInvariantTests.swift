import Catalog
import Testing
@testable import Player

/// Each invariant of the player fails on a state built to break it, and only that one.
@Suite("The player's invariants name what a broken state breaks")
struct PlayerInvariantTests {
    /// The film at 50 s with up next known, a little louder and faster, the audio changed and
    /// a seek 10 s on its way: every rule holds.
    static var valid: PlayerState {
        var player = PlayerState(title: .film, nextTitle: .sequel, position: 50)
        player.send(.volumeChanged(by: 5), .speedChanged(.step(10)), .audioCycled, .seekRequested(by: 10))
        return player
    }

    static func breaking(_ rule: PlayerState.Rule) -> PlayerState {
        var player = valid
        switch rule {
        case .positionWithinTitle:
            player.position = -1
        case .volumeWithinBounds:
            player.volume = PlayerState.maximumVolume + 1
        case .playbackWithinBounds:
            player.playback.subtitleDelay = PlayerState.maximumSubtitleDelay + 1
        case .seekWithinTitle:
            player.pendingSeek = PendingSeek(target: 121, purpose: .user)
        case .stopsAtTheEnd:
            player.pendingSeek = nil
            player.position = 120
        case .tracksOfTheMedia:
            player.playback.subtitles = .track(9)
        case .pickerOnItsRows:
            player.trackPicker = TrackPicker(selection: player.trackPickerRows.count)
        case .promptsOverReadyMedia:
            player.pendingSeek = nil
            player.seekPreview = nil
            player.media = .failed("gone")
            player.skipIntro.phase = .dismissed
        case .countdownsFromTenToOne:
            player.position = 100
            player.pendingSeek = nil
            player.upNext.phase = .counting(secondsLeft: 0)
        case .skipIntroInTheIntro:
            player.skipIntro.phase = .counting(secondsLeft: 4)
        case .upNextInTheCredits:
            player.upNext.phase = .counting(secondsLeft: 4)
        case .lookupOnlyWithoutNextTitle:
            player.upNextQuery = "Drama"
        case .exitToTheNextTitle:
            player.exit = .playNext(.short)
        case .seekPreviewWithTheHUD:
            player.isHUDVisible = false
        }
        return player
    }

    @Test("a player that seeks, changes tracks, speed and volume keeps every rule")
    func validHolds() {
        #expect(Self.valid.brokenRules.isEmpty)
        #expect(Self.valid.pendingSeek?.target == 60)
        #expect(Self.valid.seekPreview?.target == 60)
    }

    @Test("a state built to break a rule breaks that rule alone", arguments: PlayerState.Rule.allCases)
    func ruleFails(_ rule: PlayerState.Rule) {
        let player = Self.breaking(rule)
        #expect(player.brokenRules == [rule])
        #expect(player.brokenInvariants == [rule.rawValue])
    }
}
