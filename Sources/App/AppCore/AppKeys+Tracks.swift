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
            AppCommand([.character("t")], "t", "tracks", isEnabled: canPlay, isInShortHelp: true,
                       sends: player(.trackPickerToggled)),
            AppCommand([.character("#")], "#", "next audio track", isEnabled: canPlay, sends: player(.audioCycled)),
            AppCommand([.character("j")], "j", "next subtitles (then none)", isEnabled: canPlay, sends: player(.subtitlesCycled)),
            AppCommand([.character("v")], "v", "subtitles off / on", isEnabled: canPlay, sends: player(.subtitlesToggled)),
            AppCommand([.character("z"), .character("Z")], "z Z", "subtitles 0.1 s earlier / later", isEnabled: canPlay) { key in
                player(.subtitleDelayChanged(by: key == .character("z") ? -subtitleDelayStep : subtitleDelayStep))
            },
            AppCommand([.character("["), .character("]")], "[ ]", "speed -10 % / +10 % (0.5x to 3x)", isEnabled: canPlay) { key in
                player(.speedChanged(.step(key == .character("[") ? -speedStep : speedStep)))
            },
            AppCommand([.character("{"), .character("}")], "{ }", "speed halved / doubled", isEnabled: canPlay) { key in
                player(.speedChanged(key == .character("{") ? .halve : .double))
            },
            // mpv's key for it; the player's "back" is Esc or q.
            AppCommand([.backspace], "Backspace", "normal speed (1x)", isEnabled: canPlay, sends: player(.speedChanged(.reset))),
        ])
    }

    /// The track picker (`t`) over the player.
    static func trackPicker() -> AppCommandSection {
        let player: @Sendable (PlayerEvent) -> AppEvent = { .player($0) }
        return AppCommandSection("Track picker", [
            AppCommand([.up, .down, .character("k"), .character("j")], "↑↓ k j", "move", isInShortHelp: true) { key in
                player(.trackPickerMoved(by: key == .up || key == .character("k") ? -1 : 1))
            },
            AppCommand([.enter], "Enter", "play this track", isInShortHelp: true, sends: player(.trackPickerChose)),
            AppCommand([.escape, .character("t")], "Esc, t", "close", isInShortHelp: true, sends: player(.trackPickerToggled)),
            AppCommand([.character("?")], "?", "help", sends: .helpToggled),
            AppCommand([.control("c")], "Ctrl+C", "quit", sends: player(.quitRequested)),
        ])
    }

    static let trackPickerSections = [trackPicker()]
}
