/// A decoded key press, independent of ncurses. A paste, a mouse report or a resize is an
/// `InputEvent` beside it.
///
///     switch key {
///     case .character("q"), .control("c"): quit()
///     case .down, .character("j"): moveDown()
///     default: break
///     }
public enum Key: Hashable, Sendable {
    /// Any printable Unicode character, space included.
    case character(Character)
    /// Ctrl with a letter: `.control("a")` … `.control("z")` (lowercase). Tab, Enter and
    /// Backspace, which share codes with Ctrl+I, Ctrl+M and Ctrl+H, come as their own cases.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case home, end, pageUp, pageDown
    /// F1 … F12 (and beyond, where the terminal has them).
    case function(Int)
    /// Alt (Meta) held with a key: `.alt(.character("b"))`, `.alt(.backspace)`.
    indirect case alt(Key)
    /// A code this decoder does not know, kept so that it can be shown; never a crash.
    case unknown(code: Int32, name: String?)

    /// A short human name: "q", "Ctrl+C", "Alt+b", "Enter", "PageDown", "F5".
    public var name: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return DisplayText.sanitized(String(character))
        case .control(let letter): return "Ctrl+\(letter.uppercased())"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift+Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .shiftUp: return "Shift+Up"
        case .shiftDown: return "Shift+Down"
        case .shiftLeft: return "Shift+Left"
        case .shiftRight: return "Shift+Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .function(let number): return "F\(number)"
        case .alt(let key): return "Alt+\(key.name)"
        case .unknown(let code, let name): return "Unknown \(name ?? "code") (\(code))"
        }
    }
}
