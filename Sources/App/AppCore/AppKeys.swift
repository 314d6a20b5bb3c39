import Browser
import Player
import Terminal

/// Every key of the app, per screen, as `KeyCommand`s. Each screen's bindings are enabled from
/// the state (`r` only after a failure, `s` only while an intro can be skipped); called with
/// the defaults, everything is enabled, which is what the docs' key tables show.
enum AppKeys {
    static func list(
        hasSelection: Bool = true, hasFailed: Bool = true, hasQuery: Bool = true, isLibrary: Bool = true,
        hasViews: Bool = true, isOrderable: Bool = true, hasSearch: Bool = true
    ) -> AppCommandSection {
        AppCommandSection("List", [
            AppCommand([.up, .down, .character("k"), .character("j")], "↑↓ k j", "move") { key in
                .list(.selectionMoved(key == .up || key == .character("k") ? .up : .down))
            },
            AppCommand([.pageUp, .pageDown, .control("b"), .control("f"), .character(" ")], "PgUp PgDn, Ctrl+B Ctrl+F, Space",
                       "move a screen") { key in
                .list(.selectionMoved(key == .pageUp || key == .control("b") ? .pageUp : .pageDown))
            },
            AppCommand([.control("d"), .control("u")], "Ctrl+D Ctrl+U", "move half a screen down / up") { key in
                .list(.selectionMoved(key == .control("u") ? .halfPageUp : .halfPageDown))
            },
            AppCommand([.home, .end, .character("g"), .character("G")], "Home End, g G",
                       "first / last title") { key in
                .list(.selectionMoved(key == .home || key == .character("g") ? .home : .end))
            },
            AppCommand([.character("/")], "/", "search", isInShortHelp: true,
                       sends: .list(.searchOpened)),
            AppCommand([.character("n"), .character("N")], "n N", "next / previous title whose name matches the search",
                       isEnabled: hasSearch) { key in
                .searchMatchRequested(forward: key == .character("n"))
            },
            // On a show's or a season's row Enter goes into it (`AppReducer`); the footer says "play".
            AppCommand([.enter], "Enter", "play", isEnabled: hasSelection, isInShortHelp: true,
                       sends: .playerOpened),
            AppCommand([.character("1"), .character("2"), .character("3"), .character("4")], "1 2 3 4",
                       "home, shows, films, all titles (a library)", isEnabled: hasViews) { key in
                .list(.scopeChosen(key == .character("1") ? .home : key == .character("2") ? .shows
                    : key == .character("3") ? .films : .all))
            },
        ] + orderKeys(isEnabled: isOrderable) + [
            AppCommand([.character("i")], "i", "details of the selected title", isEnabled: hasSelection,
                       sends: .list(.detailOpened)),
            AppCommand([.escape], "Esc", "clear the search, or out of a show or season, back to where you were",
                       isEnabled: hasQuery, sends: .list(.backRequested)),
            AppCommand([.character("r")], "r", "retry the page that failed", isEnabled: hasFailed, isInShortHelp: true,
                       sends: .list(.retryRequested)),
            AppCommand([.character("R")], "R", "scan the library's folders again (a library only)", isEnabled: isLibrary,
                       sends: .rescanRequested),
            download(isEnabled: hasSelection), cancelDownload(isEnabled: hasSelection), watched(isEnabled: hasSelection),
            // The mouse and pastes are mapped by MouseMap and KeyMap; listed here for the help and the docs.
            AppCommand([], "wheel, click, double click", "move 3 rows, select, play", sends: .list(.selectionMoved(.by(0)))),
            AppCommand([], "paste", "search for the pasted text", sends: .searchPasted("")),
            // After quit: on a narrow screen the footer keeps "q quit" rather than "o downloads".
            help, quit, openDownloads, interrupt,
        ])
    }

    static func search() -> AppCommandSection {
        let edit: @Sendable (Key) -> AppEvent? = { .searchKeyPressed($0) }
        return AppCommandSection("Search line", [
            AppCommand([.enter], "Enter", "keep the filter, back to the list", isInShortHelp: true,
                       sends: .list(.searchApplied)),
            AppCommand([.escape], "Esc", "clear the filter, back to where you were", isInShortHelp: true,
                       sends: .list(.searchCancelled)),
            AppCommand([.left, .right, .home, .end, .control("a"), .control("e")], "← → Home End, Ctrl+A Ctrl+E",
                       "move the cursor", event: edit),
            AppCommand([.alt(.character("b")), .alt(.character("f")), .alt(.left), .alt(.right)], "Alt+b Alt+f",
                       "move a word back / forward", event: edit),
            AppCommand([.backspace, .delete, .control("h"), .control("d")], "Backspace Delete",
                       "delete a character", event: edit),
            AppCommand([.control("w"), .alt(.backspace), .alt(.character("d"))], "Ctrl+W Alt+Backspace, Alt+d",
                       "delete the word before / after the cursor", event: edit),
            AppCommand([.control("u"), .control("k")], "Ctrl+U Ctrl+K", "delete to the start / to the end", event: edit),
            AppCommand([], "any other key", "typed into the search", event: edit),
            AppCommand([], "paste", "inserted as one line of text", event: edit),
            interrupt,
        ])
    }

    static func detail() -> AppCommandSection {
        AppCommandSection("Details", [
            AppCommand([.enter], "Enter", "play the title", isInShortHelp: true, sends: .playerOpened),
            AppCommand([.escape, .backspace], "Esc, Backspace", "back to the list", isInShortHelp: true,
                       sends: .list(.detailClosed)),
            download(isEnabled: true), cancelDownload(isEnabled: true), watched(isEnabled: true),
            help, quit, openDownloads, interrupt,
        ])
    }

    /// The player's keys. `canPlay`: the media is ready (not loading, not failed); before, only
    /// going back, the help and quitting do anything, and the footer offers nothing else.
    static func player(
        isUpNextShown: Bool = true, canSkipIntro: Bool = true, isPromptShown: Bool = true, isAtEnd: Bool = false,
        canPlay: Bool = true
    ) -> AppCommandSection {
        let player: @Sendable (PlayerEvent) -> AppEvent = { .player($0) }
        return AppCommandSection("Player", [
            AppCommand([.character(" ")], "Space", isAtEnd ? "replay" : "play / pause", isEnabled: canPlay, isInShortHelp: true,
                       sends: player(.playPauseToggled)),
            AppCommand([.left, .right], "← →", "seek 10 s", isEnabled: canPlay,
                       isInShortHelp: true) { key in player(.seekRequested(by: key == .left ? -10 : 10)) },
            // As in mpv: ↑ and ↓ seek a minute (`[` and `]` are the speed, see `playerTracks`).
            AppCommand([.up, .down, .shiftLeft, .shiftRight], "↑ ↓, Shift+← →", "seek 60 s", isEnabled: canPlay) { key in
                player(.seekRequested(by: key == .down || key == .shiftLeft ? -60 : 60))
            },
            AppCommand([.enter], "Enter", "play up next (while it shows)", isEnabled: isUpNextShown && canPlay,
                       sends: player(.upNextAccepted)),
            AppCommand([.tab, .enter], "Tab, Enter", "show the HUD, or hide it at once",
                       sends: player(.hudToggled)),
            AppCommand([.character("s")], "s", "skip intro", isEnabled: canSkipIntro && canPlay,
                       isInShortHelp: true, sends: player(.skipIntroRequested)),
            AppCommand([.character("x")], "x", "dismiss the prompt", isEnabled: isPromptShown && canPlay,
                       sends: player(.promptDismissed)),
            AppCommand([.character("-"), .character("9")], "- 9", "volume down", isEnabled: canPlay) { _ in
                player(.volumeChanged(by: -volumeStep))
            },
            AppCommand([.character("+"), .character("="), .character("0")], "+ 0", "volume up", isEnabled: canPlay) { _ in
                player(.volumeChanged(by: volumeStep))
            },
            AppCommand([.character("m")], "m", "mute / unmute", isEnabled: canPlay, sends: player(.muteToggled)),
            download(isEnabled: true), cancelDownload(isEnabled: true), watched(isEnabled: true),
            // q leaves the player, not the app: the app quits from the list (or Ctrl+C anywhere).
            AppCommand([.escape, .character("q")], "Esc, q", "back", isInShortHelp: true,
                       sends: player(.backRequested)),
            AppCommand([], "click on the bar, wheel", "seek there, seek 10 s", sends: player(.interacted)),
            AppCommand([.character("?")], "?", "help", sends: .helpToggled),
            AppCommand([.control("c")], "Ctrl+C", "quit", sends: player(.quitRequested)),
            AppCommand([], "any other key", "show the HUD", sends: player(.interacted)),
        ])
    }

    static func helpKeys() -> AppCommandSection {
        AppCommandSection("Help", [
            AppCommand([.character("?"), .escape], "?, Esc", "close the help", isInShortHelp: true, sends: .helpToggled),
            AppCommand([.up, .down, .character("k"), .character("j")], "↑↓ k j", "scroll the help when it does not fit") { key in
                .helpScrolled(by: key == .up || key == .character("k") ? -1 : 1)
            },
            AppCommand([.control("d"), .control("u")], "Ctrl+D Ctrl+U", "scroll it half a screen down / up") { key in
                .helpScrolledHalfPage(down: key == .control("d"))
            },
            AppCommand([], "wheel", "scroll the help", sends: .helpScrolled(by: 0)),
            quit, interrupt,
        ])
    }

    /// `w` on a title: watched (✓, kept in the library), or not watched any more.
    static func watched(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("w")], "w", "mark watched / not watched", isEnabled: isEnabled, sends: .watchedToggled)
    }

    static let help = AppCommand([.character("?")], "?", "help", isInShortHelp: true, sends: .helpToggled)
    static let quit = AppCommand([.character("q")], "q", "quit", isInShortHelp: true, sends: .quitRequested)
    static let interrupt = AppCommand([.control("c")], "Ctrl+C", "quit, from anywhere", sends: .quitRequested)

    /// The keys of what is on screen, innermost first: the help, the track picker, the query
    /// line, the player, the details, the list.
    static func sections(for state: AppState) -> [AppCommandSection] {
        if state.isHelpShown { return helpOwnSections }
        return screenSections(for: state)
    }

    /// The keys of the screen under the help.
    static func screenSections(for state: AppState) -> [AppCommandSection] {
        if let player = state.player {
            if player.trackPicker != nil { return trackPickerSections }
            let title = player.title
            let hasIntro = title.introEnd > title.introStart
            let bits = variant(player.isUpNextShown, hasIntro && player.isInIntro && !player.isSkippingIntro,
                               player.isSkipIntroShown || player.isUpNextShown)
            return playerVariants[bits | (player.isAtEnd ? 8 : 0) | (player.media == .ready ? 16 : 0)]
        }
        if state.resumeOffer != nil { return resumeSections }
        if state.filterPicker != nil { return filterSections }
        if state.downloadsScreen != nil { return downloadsSections }
        if state.list.isSearchOpen { return searchSections }
        if state.list.isDetailOpen { return detailSections }
        let list = state.list
        return listVariants[variant(list.selectedTitle != nil, list.hasFailed, !list.query.isEmpty || !list.scopeTrail.isEmpty)
            | (state.scan != nil ? 8 : 0) | (state.hasViews ? 16 : 0) | (state.canOrder && list.isOrderable ? 32 : 0)
            | (!list.query.isEmpty ? 64 : 0)]
    }

    // Every screen's bindings for every combination of what enables them, made once: the key
    // map and the footer ask for them on every key, and building them allocates.
    private static func variant(_ first: Bool, _ second: Bool, _ third: Bool) -> Int {
        (first ? 1 : 0) | (second ? 2 : 0) | (third ? 4 : 0)
    }
    private static let listVariants = (0..<128).map { bits in
        [list(hasSelection: bits & 1 != 0, hasFailed: bits & 2 != 0, hasQuery: bits & 4 != 0, isLibrary: bits & 8 != 0,
              hasViews: bits & 16 != 0, isOrderable: bits & 32 != 0, hasSearch: bits & 64 != 0)]
    }
    private static let playerVariants = (0..<32).map { bits in
        [player(isUpNextShown: bits & 1 != 0, canSkipIntro: bits & 2 != 0, isPromptShown: bits & 4 != 0,
                isAtEnd: bits & 8 != 0, canPlay: bits & 16 != 0),
         playerTracks(canPlay: bits & 16 != 0)]
    }
    /// How much a volume key changes the volume (of 0 … 130).
    static let volumeStep = 5
    private static let searchSections = [search()]
    private static let detailSections = [detail()]
    private static let helpOwnSections = [helpKeys()]

    /// The help's listing: the keys of the screen under it, then the help's own.
    static func helpSections(for state: AppState) -> [AppCommandSection] {
        let screen = screenSections(for: state)
        // On the list, the query line's keys too: they cannot be asked for while typing.
        let isList = state.player == nil && state.resumeOffer == nil && state.downloadsScreen == nil && state.filterPicker == nil
            && !state.list.isSearchOpen && !state.list.isDetailOpen
        return screen + (isList ? searchSections : []) + helpOwnSections
    }

    /// What docs/browser.md and docs/player.md show, everything enabled.
    static let browserDocs = [list(), search(), detail(), resumeOffer(), filterPicker(), downloadsKeys(), helpKeys()]
    static let playerDocs = [player(), playerTracks(), trackPicker()]
}
