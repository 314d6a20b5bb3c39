import Browser
import Player
import Terminal

/// Every key of the app, per screen, as `KeyCommand`s with stable names ("down",
/// "seek-forward"; with the screen's, "list.down", the name a configuration rebinds). A command
/// sends one event whichever of its keys is pressed, so that it can be given other keys. Each
/// screen's bindings are enabled from the state (`r` only after a failure, `s` only while an
/// intro can be skipped); called with the defaults, everything is enabled, which is what the
/// docs' key tables show. `AppKeyTable` holds them as the app uses them: rebound, made once.
enum AppKeys {
    static func list(
        hasSelection: Bool = true, hasFailed: Bool = true, hasQuery: Bool = true, isLibrary: Bool = true,
        hasViews: Bool = true, isOrderable: Bool = true, hasSearch: Bool = true, isGroupSelected: Bool = false, isGrid: Bool = true
    ) -> AppCommandSection {
        AppCommandSection("List", [
            AppCommand([.up, .character("k")], label: "↑ k", description: "move up", sends: .list(.selectionMoved(.up))).named("up"),
            AppCommand([.down, .character("j")], label: "↓ j", description: "move down", sends: .list(.selectionMoved(.down))).named("down"),
            // In the grid only; on rows, ← and h go back (below).
            AppCommand([.left, .character("h")], label: "← h", description: "move left (in the grid)", isEnabled: isGrid,
                       sends: .list(.selectionMoved(.left))).named("left"),
            AppCommand([.right, .character("l")], label: "→ l", description: "move right (in the grid)", isEnabled: isGrid,
                       sends: .list(.selectionMoved(.right))).named("right"),
            AppCommand([.character("v")], label: "v", description: "posters or rows", sends: .gridToggled).named("grid"),
            AppCommand([.pageUp, .control("b")], label: "PgUp Ctrl+B", description: "up a screen", sends: .list(.selectionMoved(.pageUp)))
                .named("page-up"),
            AppCommand([.pageDown, .control("f"), .character(" ")], label: "PgDn Ctrl+F Space", description: "down a screen",
                       sends: .list(.selectionMoved(.pageDown))).named("page-down"),
            AppCommand([.home, .character("g")], label: "Home g", description: "first title", sends: .list(.selectionMoved(.home))).named("first"),
            AppCommand([.end, .character("G")], label: "End G", description: "last title", sends: .list(.selectionMoved(.end))).named("last"),
            AppCommand([.control("d")], label: "Ctrl+D", description: "down half a screen", sends: .list(.selectionMoved(.halfPageDown)))
                .named("half-page-down"),
            AppCommand([.control("u")], label: "Ctrl+U", description: "up half a screen", sends: .list(.selectionMoved(.halfPageUp)))
                .named("half-page-up"),
            AppCommand([.character("/")], label: "/", description: "search", isInShortHelp: true, sends: .list(.searchOpened)).named("search"),
            AppCommand([.character("n")], label: "n", description: "next title whose name matches the search", isEnabled: hasSearch,
                       sends: .searchMatchRequested(forward: true)).named("next-match"),
            AppCommand([.character("N")], label: "N", description: "previous title whose name matches the search", isEnabled: hasSearch,
                       sends: .searchMatchRequested(forward: false)).named("previous-match"),
            // On a show's or a season's row Enter goes into it (`AppReducer`), and says so.
            AppCommand([.enter], label: "Enter", description: isGroupSelected ? "open" : "play", isEnabled: hasSelection, isInShortHelp: true,
                       sends: .playerOpened).named("play"),
            AppCommand([.character("1")], label: "1", description: "home: continue, next up, new (a library)", isEnabled: hasViews,
                       sends: .list(.scopeChosen(.home))).named("view-home"),
            AppCommand([.character("2")], label: "2", description: "shows", isEnabled: hasViews, sends: .list(.scopeChosen(.shows))).named("view-shows"),
            AppCommand([.character("3")], label: "3", description: "films", isEnabled: hasViews, sends: .list(.scopeChosen(.films))).named("view-films"),
            AppCommand([.character("4")], label: "4", description: "all titles", isEnabled: hasViews, sends: .list(.scopeChosen(.all))).named("view-all"),
        ] + orderKeys(isEnabled: isOrderable) + [
            AppCommand([.character("i")], label: "i", description: "details of the selected title", isEnabled: hasSelection,
                       sends: .list(.detailOpened)).named("details"),
            AppCommand(backKeys, label: backLabel, description: "clear the search, or out of a show or season, back to where you were",
                       isEnabled: hasQuery, sends: .list(.backRequested)).named("back"),
            AppCommand([.character("r")], label: "r", description: "retry the page that failed", isEnabled: hasFailed, isInShortHelp: true,
                       sends: .list(.retryRequested)).named("retry"),
            AppCommand([.character("R")], label: "R", description: "scan the library's folders again (a library only)", isEnabled: isLibrary,
                       sends: .rescanRequested).named("rescan"),
            download(isEnabled: hasSelection), cancelDownload(isEnabled: hasSelection), watched(isEnabled: hasSelection),
            // The mouse and pastes are mapped by MouseMap and KeyMap; listed here for the help and the docs.
            AppCommand([], label: "wheel, click, double click", description: "move 3 rows, select, play", sends: .list(.selectionMoved(.by(0)))),
            AppCommand([], label: "paste", description: "search for the pasted text", sends: .searchPasted("")),
            // After quit: on a narrow screen the footer keeps "q quit" rather than "o downloads".
            help, quit, openDownloads, interrupt,
        ])
    }

    /// The query line's keys. Each editing command sends the key the text input knows it by
    /// (`TextInput.handle`), so that a rebound key edits the same way; keys no command takes
    /// are typed when they are characters, and ignored otherwise.
    static func search() -> AppCommandSection {
        func edit(_ keys: [Key], _ label: String, _ description: String, as key: Key, named name: String) -> AppCommand {
            AppCommand(keys, label: label, description: description, sends: .searchKeyPressed(.key(key))).named(name)
        }
        return AppCommandSection("Search line", [
            AppCommand([.enter], label: "Enter", description: "keep the filter, back to the list", isInShortHelp: true,
                       sends: .list(.searchApplied)).named("apply"),
            AppCommand([.escape], label: "Esc", description: "clear the filter, back to where you were", isInShortHelp: true,
                       sends: .list(.searchCancelled)).named("cancel"),
            edit([.left, .control("b")], "← Ctrl+B", "cursor left", as: .left, named: "left"),
            edit([.right, .control("f")], "→ Ctrl+F", "cursor right", as: .right, named: "right"),
            edit([.home, .control("a")], "Home Ctrl+A", "cursor to the start", as: .home, named: "start"),
            edit([.end, .control("e")], "End Ctrl+E", "cursor to the end", as: .end, named: "end"),
            edit([.alt(.character("b")), .alt(.left)], "Alt+b Alt+←", "a word back", as: .alt(.character("b")),
                 named: "word-back"),
            edit([.alt(.character("f")), .alt(.right)], "Alt+f Alt+→", "a word forward", as: .alt(.character("f")),
                 named: "word-forward"),
            edit([.backspace, .control("h")], "Backspace", "delete the character before the cursor", as: .backspace,
                 named: "delete-back"),
            edit([.delete, .control("d")], "Delete", "delete the character under the cursor", as: .delete,
                 named: "delete-forward"),
            edit([.control("w"), .alt(.backspace)], "Ctrl+W Alt+Backspace", "delete the word before the cursor",
                 as: .control("w"), named: "delete-word-back"),
            edit([.alt(.character("d"))], "Alt+d", "delete the word after the cursor", as: .alt(.character("d")),
                 named: "delete-word-forward"),
            edit([.control("u")], "Ctrl+U", "delete to the start", as: .control("u"), named: "delete-to-start"),
            edit([.control("k")], "Ctrl+K", "delete to the end", as: .control("k"), named: "delete-to-end"),
            AppCommand([], label: "any other key", description: "typed into the search", event: { .searchKeyPressed(.key($0)) }),
            AppCommand([], label: "paste", description: "inserted as one line of text", event: { .searchKeyPressed(.key($0)) }),
            interrupt,
        ])
    }

    static func detail() -> AppCommandSection {
        AppCommandSection("Details", [
            AppCommand([.enter], label: "Enter", description: "play the title", isInShortHelp: true, sends: .playerOpened).named("play"),
            AppCommand(backKeys, label: backLabel, description: "back to the list", isInShortHelp: true,
                       sends: .list(.detailClosed)).named("back"),
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
            AppCommand([.character(" ")], label: "Space", description: isAtEnd ? "replay" : "play / pause", isEnabled: canPlay, isInShortHelp: true,
                       sends: player(.playPauseToggled)).named("play-pause"),
            // Not in the footer: two hints for the arrows would push out Esc and q (? lists them).
            AppCommand([.left], label: "←", description: "seek -10 s", isEnabled: canPlay, sends: player(.seekRequested(by: -10)))
                .named("seek-back"),
            AppCommand([.right], label: "→", description: "seek +10 s", isEnabled: canPlay, sends: player(.seekRequested(by: 10)))
                .named("seek-forward"),
            // As in mpv: ↑ and ↓ seek a minute (`[` and `]` are the speed, see `playerTracks`).
            AppCommand([.down, .shiftLeft], label: "↓ Shift+←", description: "seek -60 s", isEnabled: canPlay, sends: player(.seekRequested(by: -60)))
                .named("seek-back-long"),
            AppCommand([.up, .shiftRight], label: "↑ Shift+→", description: "seek +60 s", isEnabled: canPlay, sends: player(.seekRequested(by: 60)))
                .named("seek-forward-long"),
            AppCommand([.enter], label: "Enter", description: "play up next (while it shows)", isEnabled: isUpNextShown && canPlay,
                       sends: player(.upNextAccepted)).named("up-next"),
            AppCommand([.tab, .enter], label: "Tab, Enter", description: "show the HUD, or hide it at once",
                       sends: player(.hudToggled)).named("hud"),
            AppCommand([.character("s")], label: "s", description: "skip intro", isEnabled: canSkipIntro && canPlay,
                       isInShortHelp: true, sends: player(.skipIntroRequested)).named("skip-intro"),
            AppCommand([.character("x")], label: "x", description: "dismiss the prompt", isEnabled: isPromptShown && canPlay,
                       sends: player(.promptDismissed)).named("dismiss"),
            AppCommand([.character("-"), .character("9")], label: "- 9", description: "volume down", isEnabled: canPlay,
                       sends: player(.volumeChanged(by: -volumeStep))).named("volume-down"),
            AppCommand([.character("+"), .character("="), .character("0")], label: "+ 0", description: "volume up", isEnabled: canPlay,
                       sends: player(.volumeChanged(by: volumeStep))).named("volume-up"),
            AppCommand([.character("m")], label: "m", description: "mute / unmute", isEnabled: canPlay, sends: player(.muteToggled)).named("mute"),
            download(isEnabled: true), cancelDownload(isEnabled: true), watched(isEnabled: true),
            // q leaves the player, not the app: the app quits from the list (or Ctrl+C anywhere).
            AppCommand([.escape, .character("q")], label: "Esc, q", description: "back", isInShortHelp: true, sends: player(.backRequested))
                .named("back"),
            AppCommand([], label: "click on the bar, wheel", description: "seek there, seek 10 s", sends: player(.interacted)),
            AppCommand([.character("?")], label: "?", description: "help", sends: .helpToggled).named("help"),
            AppCommand([.control("c")], label: "Ctrl+C", description: "quit", sends: player(.quitRequested)).named("interrupt"),
            AppCommand([], label: "any other key", description: "show the HUD", sends: player(.interacted)),
        ])
    }

    static func helpKeys() -> AppCommandSection {
        AppCommandSection("Help", [
            AppCommand([.character("?"), .escape], label: "?, Esc", description: "close the help", isInShortHelp: true, sends: .helpToggled)
                .named("close"),
            AppCommand([.up, .character("k")], label: "↑ k", description: "scroll up when it does not fit", sends: .helpScrolled(by: -1)).named("up"),
            AppCommand([.down, .character("j")], label: "↓ j", description: "scroll down when it does not fit", sends: .helpScrolled(by: 1))
                .named("down"),
            AppCommand([.control("d")], label: "Ctrl+D", description: "scroll half a screen down", sends: .helpScrolledHalfPage(down: true))
                .named("half-page-down"),
            AppCommand([.control("u")], label: "Ctrl+U", description: "scroll half a screen up", sends: .helpScrolledHalfPage(down: false))
                .named("half-page-up"),
            AppCommand([], label: "wheel", description: "scroll the help", sends: .helpScrolled(by: 0)),
            quit, interrupt,
        ])
    }

    /// The keys that go back in the list and its details, as Esc does (on the search line,
    /// Backspace and ← edit the text instead: its keys are the search line's own).
    static let backKeys: [Key] = [.escape, .backspace, .left, .character("h")]
    static let backLabel = KeyLabel.text(for: backKeys)

    /// `w` on a title: watched (✓, kept in the library), or not watched any more.
    static func watched(isEnabled: Bool) -> AppCommand {
        AppCommand([.character("w")], label: "w", description: "mark watched / not watched", isEnabled: isEnabled, sends: .watchedToggled)
            .named("watched")
    }

    static let help = AppCommand([.character("?")], label: "?", description: "help", isInShortHelp: true, sends: .helpToggled).named("help")
    static let quit = AppCommand([.character("q")], label: "q", description: "quit", isInShortHelp: true, sends: .quitRequested).named("quit")
    static let interrupt = AppCommand([.control("c")], label: "Ctrl+C", description: "quit, from anywhere", sends: .quitRequested)
        .named("interrupt")

    /// How much a volume key changes the volume (of 0 … 130).
    static let volumeStep = 5

    /// The default keys of what is on screen (`AppKeyTable.sections(for:)`).
    static func sections(for state: AppState) -> [AppCommandSection] { AppKeyTable.standard.sections(for: state) }

    /// The default help's listing (`AppKeyTable.helpSections(for:)`).
    static func helpSections(for state: AppState) -> [AppCommandSection] { AppKeyTable.standard.helpSections(for: state) }

    /// What docs/browser.md and docs/player.md show, everything enabled.
    static let browserDocs = [list(), search(), detail(), resumeOffer(), filterPicker(), downloadsKeys(), helpKeys()]
    static let playerDocs = [player(), playerTracks(), trackPicker()]
}
