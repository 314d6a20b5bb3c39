import Browser
import Terminal

/// Which event a key means, given what is on screen. The innermost thing gets the key: the
/// query line while typing, then the help, then the detail, then the list.
public enum KeyMap {
    public static func event(for key: Key, in state: AppState) -> AppEvent? {
        if case .resize(let size) = key { return .resized(size) }
        if key == .control("c") { return .quitRequested }
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
        case .enter: return state.list.selectedTitle == nil ? nil : .list(.detailOpened)
        case .character("r"): return state.list.hasFailed ? .list(.retryRequested) : nil
        case .escape: return .list(.backRequested)
        case .character("?"): return .helpToggled
        case .character("q"): return .quitRequested
        default: return nil
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
        ("Enter", "open the selected title"),
        ("Esc", "back: close, cancel the search, clear the query"),
        ("r", "retry a page that failed"),
        ("?", "this help"),
        ("q  Ctrl+C", "quit"),
    ]
}
