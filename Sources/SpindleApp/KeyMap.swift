import Browser
import Player
import Terminal

/// Which event a key means, given what is on screen. The innermost thing gets the key: the
/// query line while typing, then the help, then the detail, then the list.
public enum KeyMap {
    public static func event(for key: Key, in state: AppState) -> AppEvent? {
        if case .resize(let size) = key { return .resized(size) }
        if key == .control("c") { return .quitRequested }
        if let player = state.player {
            if state.isHelpShown { return key == .character("q") ? .quitRequested : .helpToggled }
            return playerEvent(for: key, in: player).map(AppEvent.player) ?? (key == .character("?") ? .helpToggled : nil)
        }
        if state.list.isSearchOpen { return searchEvent(for: key) }
        if state.isHelpShown {
            switch key {
            case .character("q"): return .quitRequested
            default: return .helpToggled
            }
        }
        if state.list.isDetailOpen {
            switch key {
            case .escape, .backspace, .enter: return .list(.detailClosed)
            case .character("q"): return .quitRequested
            case .character("?"): return .helpToggled
            default: return nil
            }
        }
        return listEvent(for: key, in: state)
    }

    static func listEvent(for key: Key, in state: AppState) -> AppEvent? {
        switch key {
        case .up, .character("k"): return .list(.selectionMoved(.up))
        case .down, .character("j"): return .list(.selectionMoved(.down))
        case .pageUp, .control("b"): return .list(.selectionMoved(.pageUp))
        case .pageDown, .control("f"), .character(" "): return .list(.selectionMoved(.pageDown))
        case .home, .character("g"): return .list(.selectionMoved(.home))
        case .end, .character("G"): return .list(.selectionMoved(.end))
        case .character("/"): return .list(.searchOpened)
        case .enter: return state.list.selectedTitle == nil ? nil : .playerOpened
        case .character("i"): return state.list.selectedTitle == nil ? nil : .list(.detailOpened)
        case .character("r"): return state.list.hasFailed ? .list(.retryRequested) : nil
        case .escape: return .list(.backRequested)
        case .character("?"): return .helpToggled
        case .character("q"): return .quitRequested
        default: return nil
        }
    }

    /// The player's keys. Any other key shows the HUD (`interacted`).
    static func playerEvent(for key: Key, in player: PlayerState) -> PlayerEvent? {
        switch key {
        case .character(" "): return .playPauseToggled
        case .left: return .seekRequested(by: -10)
        case .right: return .seekRequested(by: 10)
        case .shiftLeft, .character("["): return .seekRequested(by: -60)
        case .shiftRight, .character("]"): return .seekRequested(by: 60)
        case .tab: return .hudToggled
        case .enter: return player.isUpNextShown ? .upNextAccepted : .hudToggled
        case .character("s"): return .skipIntroRequested
        case .character("x"): return .promptDismissed
        case .escape, .backspace: return .backRequested
        case .character("q"): return .quitRequested
        case .character("?"): return nil
        default: return .interacted
        }
    }

    static func searchEvent(for key: Key) -> AppEvent? {
        switch key {
        case .enter: return .list(.searchApplied)
        case .escape: return .list(.searchCancelled)
        case .backspace: return .list(.searchEdited(.deletedBackward))
        case .control("u"): return .list(.searchEdited(.cleared))
        case .character(let character): return .list(.searchEdited(.typed(String(character))))
        default: return nil
        }
    }

    /// The bindings, as the help screen lists them.
    public static let bindings: [(keys: String, action: String)] = [
        ("↑ ↓  k j", "move the selection"),
        ("PgUp PgDn  Ctrl+B Ctrl+F", "move a screen"),
        ("Home End  g G", "first / last loaded title"),
        ("/", "search (Enter applies, Esc cancels, Ctrl+U clears)"),
        ("Enter", "play the selected title"),
        ("i", "details of the selected title"),
        ("Esc", "back: close, cancel the search, clear the query"),
        ("r", "retry a page that failed"),
        ("Player:", ""),
        ("Space", "play / pause"),
        ("← →  [ ]  Shift+← →", "seek 10 s / 60 s"),
        ("Tab  Enter", "show or hide the HUD (Enter plays up next)"),
        ("s  x", "skip the intro now / dismiss the prompt"),
        ("Esc  Backspace", "back to the list"),
        ("?", "this help"),
        ("q  Ctrl+C", "quit"),
    ]
}
