/// One thing the user did at the terminal: a key, a paste, a mouse report, or a resize.
///
///     switch input {
///     case .key(.character("q")): quit()
///     case .key(let key): handle(key)
///     case .paste(let text): insert(text)
///     case .mouse(let mouse): click(at: mouse.position)
///     case .resize(let size): layOut(size)
///     }
public enum InputEvent: Hashable, Sendable {
    /// A key press (`Key` holds the keys only).
    case key(Key)
    /// Text the user pasted (bracketed paste), whole, as the terminal sent it: data, never
    /// keys. Whoever inserts it makes its newlines and control characters harmless.
    case paste(String)
    /// A mouse report (SGR 1006): a button pressed or released, the wheel, a drag.
    case mouse(MouseEvent)
    /// The terminal now has this size.
    case resize(Size)

    /// A short human name: the key's ("Ctrl+C"), "Paste (12 characters)", the mouse report's,
    /// "Resize 80x24".
    public var name: String {
        switch self {
        case .key(let key): key.name
        case .paste(let text): "Paste (\(text.unicodeScalars.count) characters)"
        case .mouse(let event): event.name
        case .resize(let size): "Resize \(size)"
        }
    }
}
