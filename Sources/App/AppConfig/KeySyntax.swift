import Terminal

/// Keys as a configuration writes them: a character ("j", "?", "G"), a name ("enter", "esc",
/// "space", "tab", "backspace", "delete", "insert", "up", "down", "left", "right", "home",
/// "end", "pageup", "pagedown", "f1" … "f12"), or a modifier and a key ("ctrl+d", "alt+b",
/// "shift+left", "shift+tab", "alt+backspace"). Names ignore case; a lone character does not
/// ("G" is Shift+g).
///
///     KeySyntax.key("ctrl+d")            // .control("d")
///     KeySyntax.text(.shiftLeft)         // "shift+left"
package enum KeySyntax {
    package static func key(_ text: String) -> Key? {
        if text.count == 1, let character = text.first, !character.isWhitespace,
           !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return .character(character)
        }
        let lower = text.lowercased()
        if let key = named[lower] { return key }
        if lower.hasPrefix("ctrl+"), text.count == 6, let letter = lower.last, ("a"..."z").contains(letter) {
            return .control(letter)
        }
        if lower.hasPrefix("alt+") {
            let rest = String(text.dropFirst(4))
            guard let key = key(rest) else { return nil }
            if case .alt = key { return nil }
            return .alt(key)
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...24).contains(number) { return .function(number) }
        return nil
    }

    /// How a configuration writes `key`.
    package static func text(_ key: Key) -> String {
        switch key {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .control(let letter): return "ctrl+" + String(letter)
        case .alt(let key): return "alt+" + text(key)
        // The key's own name: "esc", "pageup", "shift+tab", "f5".
        default: return key.name.lowercased()
        }
    }

    private static let named: [String: Key] = [
        "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "space": .character(" "), "tab": .tab,
        "shift+tab": .backTab, "backspace": .backspace, "delete": .delete, "insert": .insert,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "shift+up": .shiftUp, "shift+down": .shiftDown, "shift+left": .shiftLeft, "shift+right": .shiftRight,
        "home": .home, "end": .end, "pageup": .pageUp, "pagedown": .pageDown, "pgup": .pageUp, "pgdn": .pageDown,
    ]
}
