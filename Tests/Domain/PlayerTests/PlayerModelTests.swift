import Catalog
import SpinTesting
import Testing
@testable import Player

/// Random sequences of what users, engines and catalogs do to the player, against a small
/// model: where playback is, where a seek goes, whether the user wants playback, the volume and
/// the speed.
///
/// Effects answer as the real ones do: a second of media time only while the player asks for
/// playback, a seek's end for the seek asked for (or, late, for one no longer wanted), a
/// countdown's tick for the number shown, the media once, while it is loading. After every
/// operation the invariants hold and the player is where the model says; a player that has
/// exited changes no more.
@Suite("The player against a model, under random sequences")
struct PlayerModelTests {
    enum Operation: CustomStringConvertible {
        case seek(by: Int)
        case jump(to: Int)
        case playPause
        /// A second of media time, when the player is playing.
        case advance
        /// The engine's answer to the seek asked for.
        case seekLanded
        /// The answer to a seek asked for earlier and replaced since.
        case oldSeekLanded
        /// A second on a prompt's countdown, when it counts.
        case tick(CountdownPrompt)
        /// A tick with a number the prompt does not show.
        case staleTick(CountdownPrompt, Int)
        case hudTimedOut
        case hudToggled
        case interacted
        case skipIntro
        case dismiss
        case acceptUpNext
        case volume(by: Int)
        case mute
        case audioCycled
        case subtitlesCycled
        case subtitlesToggled
        case subtitleDelay(by: Int)
        case speed(SpeedChange)
        case pickerToggled
        case pickerMoved(by: Int)
        case pickerChose
        /// The media opened, as the setting's engine describes it.
        case mediaLoaded
        case mediaFailed
        /// The catalog's answer to the up-next lookup, or an answer about another title.
        case nextTitleFound(forThisTitle: Bool)
        case back
        case quit

        var description: String {
            switch self {
            case .seek(let seconds): "seek by \(seconds)"
            case .jump(let target): "jump to \(target)"
            case .playPause: "Space"
            case .advance: "a second played"
            case .seekLanded: "the seek landed"
            case .oldSeekLanded: "an old seek landed"
            case .tick(let prompt): "\(prompt) ticked"
            case .staleTick(let prompt, let number): "\(prompt) ticked to \(number) (stale)"
            case .hudTimedOut: "HUD timed out"
            case .hudToggled: "Tab"
            case .interacted: "a key"
            case .skipIntro: "s"
            case .dismiss: "x"
            case .acceptUpNext: "Enter on up next"
            case .volume(let step): "volume by \(step)"
            case .mute: "m"
            case .audioCycled: "#"
            case .subtitlesCycled: "j"
            case .subtitlesToggled: "v"
            case .subtitleDelay(let milliseconds): "subtitle delay by \(milliseconds)"
            case .speed(let change): "speed \(change)"
            case .pickerToggled: "t"
            case .pickerMoved(let rows): "picker moved by \(rows)"
            case .pickerChose: "picker Enter"
            case .mediaLoaded: "media loaded"
            case .mediaFailed: "media failed"
            case .nextTitleFound(let forThisTitle): forThisTitle ? "next title found" : "next title found for another title"
            case .back: "Esc"
            case .quit: "Ctrl+C"
            }
        }
    }

    static func randomOperation(_ random: inout RandomSequences.Generator) -> Operation {
        switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 8: .seek(by: [-60, -10, 10, 60, Int.random(in: -200 ... 200, using: &random)].randomElement(using: &random)!)
        case 8 ..< 11: .jump(to: Int.random(in: -10 ... 250, using: &random))
        case 11 ..< 16: .playPause
        case 16 ..< 36: .advance
        case 36 ..< 44: .seekLanded
        case 44 ..< 46: .oldSeekLanded
        case 46 ..< 54: .tick(CountdownPrompt.allCases.randomElement(using: &random)!)
        case 54 ..< 55: .staleTick(CountdownPrompt.allCases.randomElement(using: &random)!, Int.random(in: -1 ... 11, using: &random))
        case 55 ..< 57: .hudTimedOut
        case 57 ..< 58: .hudToggled
        case 58 ..< 59: .interacted
        case 59 ..< 62: .skipIntro
        case 62 ..< 64: .dismiss
        case 64 ..< 65: .acceptUpNext
        case 65 ..< 67: .volume(by: [-50, -5, 5, 50].randomElement(using: &random)!)
        case 67 ..< 68: .mute
        case 68 ..< 70: .audioCycled
        case 70 ..< 72: .subtitlesCycled
        case 72 ..< 73: .subtitlesToggled
        case 73 ..< 74: .subtitleDelay(by: [-50_000, -100, 100, 50_000].randomElement(using: &random)!)
        case 74 ..< 76: .speed([.step(-10), .step(10), .halve, .double, .reset].randomElement(using: &random)!)
        case 76 ..< 78: .pickerToggled
        case 78 ..< 80: .pickerMoved(by: [-5, -1, 1, 5].randomElement(using: &random)!)
        case 80 ..< 81: .pickerChose
        case 81 ..< 91: .mediaLoaded
        case 91 ..< 92: .mediaFailed
        case 92 ..< 97: .nextTitleFound(forThisTitle: Int.random(in: 0 ..< 4, using: &random) > 0)
        case 97 ..< 99: .back
        default: .quit
        }
    }

    /// The player's title, what comes after it, how it opens, and what its media turns out to be.
    struct Setting: CustomStringConvertible {
        var title: Title
        var nextTitle: Title?
        var upNextQuery: String?
        /// What the up-next lookup finds.
        var found: Title?
        var position: Int
        var isPlaying: Bool
        var volume: Int?
        var playback: PlaybackChoice?
        /// What the engine says of the media once it opened (titles with media only).
        var info: MediaInfo

        var description: String {
            "\(title.id) (\(title.duration) s, intro \(title.introStart)..<\(title.introEnd), credits \(title.creditsStart)"
                + (title.media.map { " media knows duration \($0.knowsDuration), intro \($0.knowsIntro), credits \($0.knowsCredits)" } ?? "")
                + "), next \(nextTitle?.id ?? upNextQuery.map { "looked up in “\($0)”" } ?? "none"), at \(position)"
                + (isPlaying ? " playing" : " paused") + (volume.map { ", volume \($0)" } ?? "")
                + (playback.map { ", \($0)" } ?? "") + (title.media == nil ? "" : ", media \(info)")
        }
    }

    static let titles: [Title] = [.film, .short, .coldOpen, .plain]

    static func randomSetting(_ random: inout RandomSequences.Generator) -> Setting {
        var title = titles.randomElement(using: &random)!
        if Bool.random(using: &random) {
            // A title that plays for real: its length and marks from the catalog, or left to the media.
            let knowsDuration = Bool.random(using: &random), knowsIntro = Bool.random(using: &random)
            let knowsCredits = Bool.random(using: &random)
            title.media = TitleMedia(video: "/media/\(title.id).mkv", knowsDuration: knowsDuration,
                                     knowsIntro: knowsIntro, knowsCredits: knowsCredits)
            if !knowsDuration { title.duration = 0 }
            if !knowsIntro { (title.introStart, title.introEnd) = (0, 0) }
            if !knowsCredits { title.creditsStart = title.duration }
        }
        let next = [nil, Title.sequel].randomElement(using: &random)!
        let asks = next == nil && Bool.random(using: &random)
        let audio = (0 ..< Int.random(in: 0 ... 3, using: &random)).map {
            MediaTrack(id: $0 + 1, kind: .audio, isSelected: Int.random(in: 0 ..< 3, using: &random) == 0)
        }
        let subtitles = (0 ..< Int.random(in: 0 ... 3, using: &random)).map {
            MediaTrack(id: $0 + 1, kind: .subtitles, isSelected: Int.random(in: 0 ..< 3, using: &random) == 0)
        }
        let duration: Double? = [nil, 0, 0.4, 1, 12.5, Double(Int.random(in: 2 ... 200, using: &random))].randomElement(using: &random)!
        let length = duration ?? 0
        let chapters: [Chapter] = Bool.random(using: &random) ? [] : [
            Chapter(title: "Intro", start: 0), Chapter(title: "Main", start: length / 4), Chapter(title: "Credits", start: length * 3 / 4),
        ]
        let info = MediaInfo(duration: duration, chapters: chapters,
                             volume: [nil, -5, 0, 60, 100, 200].randomElement(using: &random)!,
                             isMuted: Bool.random(using: &random), tracks: audio + subtitles)
        let playback: PlaybackChoice? = Bool.random(using: &random) ? nil : PlaybackChoice(
            audioTrack: [nil, 1, 2, 5].randomElement(using: &random)!,
            subtitles: [nil, .off, .track(1), .track(3), .track(7)].randomElement(using: &random)!,
            subtitleDelay: [0, 500, -2_000].randomElement(using: &random)!,
            speed: [50, 100, 150, 300].randomElement(using: &random)!)
        return Setting(
            title: title, nextTitle: next, upNextQuery: asks ? "Drama" : nil,
            found: [nil, Title.sequel].randomElement(using: &random)!,
            position: [-5, 0, 5, 20, 35, 45, 59, 60, 99, 100, 119, 120, 150].randomElement(using: &random)!,
            isPlaying: Int.random(in: 0 ..< 4, using: &random) > 0,
            volume: [nil, nil, -10, 0, 70, 140].randomElement(using: &random)!,
            playback: playback, info: info)
    }

    /// What the player should be doing, followed alongside it.
    struct Model {
        var position: Int
        var target: Int?
        var isPlaying: Bool
        var volume: Int
        var isMuted: Bool
        var keepsVolume: Bool
        var speed: Int

        /// A seek to `target`, as the user asks for it over ready media.
        mutating func seek(to target: Int, duration: Int) {
            let clamped = min(max(0, target), duration)
            if self.target == nil, clamped == position { return }
            self.target = clamped
        }
    }

    /// Runs `operations` on a player of `setting`; nil if everything held.
    static func run(_ operations: [Operation], in setting: Setting) -> String? {
        var player = PlayerState(
            title: setting.title, nextTitle: setting.nextTitle, upNextQuery: setting.upNextQuery, position: setting.position,
            isPlaying: setting.isPlaying, volume: setting.volume, playback: setting.playback)
        if let broken = player.brokenInvariants.first { return "opening: \(broken)" }
        var model = Model(
            position: player.position, target: nil, isPlaying: player.isPlaying, volume: player.volume, isMuted: player.isMuted,
            keepsVolume: setting.volume != nil, speed: player.playback.speed)
        var seeksAsked: [Int] = []

        for operation in operations {
            let before = player
            let isReady = player.media == .ready && player.exit == nil
            let duration = player.title.duration
            var event: PlayerEvent?
            switch operation {
            case .seek(let seconds):
                event = .seekRequested(by: seconds)
                if isReady { model.seek(to: (model.target ?? model.position) + seconds, duration: duration) }
            case .jump(let target):
                event = .jumpRequested(to: target)
                if isReady { model.seek(to: target, duration: duration) }
            case .playPause:
                event = .playPauseToggled
                if isReady {
                    model.isPlaying.toggle()
                    if model.isPlaying, player.isAtEnd, model.target == nil {
                        model.seek(to: 0, duration: duration)
                        // Nowhere to play again from: a title of no length.
                        if model.target == nil { model.isPlaying = false }
                    }
                }
            case .advance:
                if player.playbackRequest != nil {
                    event = .positionAdvanced(to: player.position + 1)
                    model.position = min(model.position + 1, duration)
                    if model.position == duration { model.isPlaying = false }
                }
            case .seekLanded:
                if let request = player.seekRequest {
                    event = .seekFinished(at: request.target)
                    model.position = request.target
                    model.target = nil
                    if model.position == duration { model.isPlaying = false }
                }
            case .oldSeekLanded:
                if let old = seeksAsked.last(where: { $0 != player.pendingSeek?.target }) { event = .seekFinished(at: old) }
            case .tick(let prompt):
                if let request = player.countdownRequests.first(where: { $0.prompt == prompt }) {
                    event = .countdownTicked(prompt, secondsLeft: request.secondsLeft - 1)
                }
            case .staleTick(let prompt, let number):
                if number != (player[prompt].secondsLeft ?? 0) - 1 { event = .countdownTicked(prompt, secondsLeft: number) }
            case .hudTimedOut:
                if let request = player.hudHideRequest { event = .hudTimedOut(interaction: request.interaction) }
            case .hudToggled:
                event = .hudToggled
            case .interacted:
                event = .interacted
            case .skipIntro:
                event = .skipIntroRequested
            case .dismiss:
                event = .promptDismissed
            case .acceptUpNext:
                event = .upNextAccepted
            case .volume(let step):
                event = .volumeChanged(by: step)
                if player.exit == nil {
                    model.volume = min(max(0, model.volume + step), PlayerState.maximumVolume)
                    if step > 0 { model.isMuted = false }
                    model.keepsVolume = true
                }
            case .mute:
                event = .muteToggled
                if player.exit == nil {
                    model.isMuted.toggle()
                    model.keepsVolume = true
                }
            case .audioCycled:
                event = .audioCycled
            case .subtitlesCycled:
                event = .subtitlesCycled
            case .subtitlesToggled:
                event = .subtitlesToggled
            case .subtitleDelay(let milliseconds):
                event = .subtitleDelayChanged(by: milliseconds)
            case .speed(let change):
                event = .speedChanged(change)
                if isReady {
                    let speed = switch change {
                    case .step(let points): model.speed + points
                    case .halve: model.speed / 2
                    case .double: model.speed * 2
                    case .reset: PlaybackChoice.normalSpeed
                    }
                    model.speed = PlaybackChoice.clampedSpeed(speed)
                }
            case .pickerToggled:
                event = .trackPickerToggled
            case .pickerMoved(let rows):
                event = .trackPickerMoved(by: rows)
            case .pickerChose:
                event = .trackPickerChose
            case .mediaLoaded:
                if player.mediaRequest != nil, player.media == .loading {
                    event = .mediaLoaded(setting.info)
                }
            case .mediaFailed:
                if player.exit == nil {
                    event = .mediaFailed("the engine stopped")
                    model.target = nil
                }
            case .nextTitleFound(let forThisTitle):
                if let lookup = player.upNextLookup {
                    event = .nextTitleFound(setting.found, after: forThisTitle ? lookup.titleID : "another")
                }
            case .back:
                event = .backRequested
            case .quit:
                event = .quitRequested
            }
            guard let event else { continue }
            PlayerState.reduce(&player, event)
            if let pending = player.pendingSeek?.target, !seeksAsked.contains(pending) { seeksAsked.append(pending) }
            if let broken = player.brokenInvariants.first { return "\(operation): \(broken)" }

            if before.exit != nil {
                if player != before { return "\(operation): a player that exited changed" }
                continue
            }
            // What the model does not follow step by step, it takes from the player once it has
            // checked what it can: the media's load, and the seeks the prompts make.
            switch operation {
            case .mediaLoaded:
                let expected = setting.title.merged(with: setting.info).duration
                if player.title.duration != expected { return "\(operation): the title lasts \(player.title.duration) s, not \(expected)" }
                if player.position != min(model.position, expected) {
                    return "\(operation): loaded at \(player.position), not \(min(model.position, expected))"
                }
                model.position = player.position
                if player.isAtEnd { model.isPlaying = false }
                if !model.keepsVolume {
                    model.volume = setting.info.volume.map { min(max(0, $0), PlayerState.maximumVolume) } ?? model.volume
                    model.isMuted = setting.info.isMuted
                }
            case .skipIntro, .tick(.skipIntro):
                if let pending = player.pendingSeek, pending.purpose == .skipIntro {
                    if pending.target != min(player.title.introEnd, duration) {
                        return "\(operation): skipping the intro to \(pending.target), not to its end \(player.title.introEnd)"
                    }
                    model.target = pending.target
                }
            default:
                break
            }
            if let failure = compare(player, model, after: operation) { return failure }
        }
        return nil
    }

    static func compare(_ player: PlayerState, _ model: Model, after operation: Operation) -> String? {
        if player.exit != nil { return nil }
        if player.position != model.position { return "\(operation): at \(player.position), the model says \(model.position)" }
        if player.pendingSeek?.target != model.target {
            return "\(operation): seeking to \(player.pendingSeek.map { "\($0.target)" } ?? "nothing"), the model says "
                + (model.target.map { "\($0)" } ?? "nothing")
        }
        if player.isPlaying != model.isPlaying { return "\(operation): playing \(player.isPlaying), the model says \(model.isPlaying)" }
        if player.volume != model.volume || player.isMuted != model.isMuted {
            return "\(operation): volume \(player.volume) muted \(player.isMuted), the model says \(model.volume) muted \(model.isMuted)"
        }
        if player.playback.speed != model.speed { return "\(operation): speed \(player.playback.speed), the model says \(model.speed)" }
        return nil
    }

    @Test("seeks, pauses, playing on, media that loads or fails, prompts, tracks, speed and volume keep the player where the model says")
    func randomSequences() {
        let ran = RandomSequences(seeds: 0 ..< 2_000, length: 1 ... 150).check(
            setup: Self.randomSetting, operation: Self.randomOperation
        ) { setting, operations in
            return Self.run(operations, in: setting)
        }
        #expect(ran.operations > 50_000)
        #expect(ran.sequences >= 2_000)
    }
}
