import Player

/// The player's keys for tracks and speed, as mpv has them where they do not clash with the
/// app's (`#` audio, `j` subtitles, `v` subtitles on/off, `z`/`Z` their delay, `[ ] { }`
/// and Backspace the speed), and the track picker's.
extension AppKeys {
    /// How much `z`/`Z` move the subtitles, in milliseconds.
    static let subtitleDelayStep = 100
    /// How much `[`/`]` change the speed, in percentage points.
    static let speedStep = 10

    static func playerTracks(canPlay: Bool = true) -> AppCommandSection {
        let player: @Sendable (PlayerEvent) -> AppEvent = { .player($0) }
        return AppCommandSection("Tracks and speed", [
            AppCommand([.character("t")], label: "t", description: "tracks", isEnabled: canPlay, isInShortHelp: true,
                       sends: player(.trackPickerToggled)).named("tracks"),
            AppCommand([.character("#")], label: "#", description: "next audio track", isEnabled: canPlay, sends: player(.audioCycled)).named("audio-next"),
            AppCommand([.character("j")], label: "j", description: "next subtitles (then none)", isEnabled: canPlay, sends: player(.subtitlesCycled))
                .named("subtitles-next"),
            AppCommand([.character("v")], label: "v", description: "subtitles off / on", isEnabled: canPlay, sends: player(.subtitlesToggled))
                .named("subtitles-toggle"),
            AppCommand([.character("z")], label: "z", description: "subtitles 0.1 s earlier", isEnabled: canPlay,
                       sends: player(.subtitleDelayChanged(by: -subtitleDelayStep))).named("subtitles-earlier"),
            AppCommand([.character("Z")], label: "Z", description: "subtitles 0.1 s later", isEnabled: canPlay,
                       sends: player(.subtitleDelayChanged(by: subtitleDelayStep))).named("subtitles-later"),
            AppCommand([.character("[")], label: "[", description: "speed -10 % (down to 0.5x)", isEnabled: canPlay,
                       sends: player(.speedChanged(.step(-speedStep)))).named("slower"),
            AppCommand([.character("]")], label: "]", description: "speed +10 % (up to 3x)", isEnabled: canPlay,
                       sends: player(.speedChanged(.step(speedStep)))).named("faster"),
            AppCommand([.character("{")], label: "{", description: "speed halved", isEnabled: canPlay, sends: player(.speedChanged(.halve))).named("half-speed"),
            AppCommand([.character("}")], label: "}", description: "speed doubled", isEnabled: canPlay, sends: player(.speedChanged(.double)))
                .named("double-speed"),
            // mpv's key for it; the player's "back" is Esc or q.
            AppCommand([.backspace], label: "Backspace", description: "normal speed (1x)", isEnabled: canPlay, sends: player(.speedChanged(.reset)))
                .named("normal-speed"),
        ])
    }

    /// The track picker (`t`) over the player.
    static func trackPicker() -> AppCommandSection {
        let player: @Sendable (PlayerEvent) -> AppEvent = { .player($0) }
        return AppCommandSection("Track picker", [
            AppCommand([.up, .character("k")], label: "↑ k", description: "move up", isInShortHelp: true, sends: player(.trackPickerMoved(by: -1)))
                .named("up"),
            AppCommand([.down, .character("j")], label: "↓ j", description: "move down", isInShortHelp: true, sends: player(.trackPickerMoved(by: 1)))
                .named("down"),
            AppCommand([.enter], label: "Enter", description: "play this track", isInShortHelp: true, sends: player(.trackPickerChose)).named("choose"),
            AppCommand([.escape, .character("t")], label: "Esc, t", description: "close", isInShortHelp: true, sends: player(.trackPickerToggled))
                .named("close"),
            AppCommand([.character("?")], label: "?", description: "help", sends: .helpToggled).named("help"),
            AppCommand([.control("c")], label: "Ctrl+C", description: "quit", sends: player(.quitRequested)).named("interrupt"),
        ])
    }

    static let trackPickerSections = [trackPicker()]
}
