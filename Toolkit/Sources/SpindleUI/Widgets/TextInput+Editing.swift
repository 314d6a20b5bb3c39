import Terminal

// The editing keys, readline style. A word is a run of characters that are not whitespace.
extension TextInput {
    /// Applies an editing key; returns whether the key was one (so a key map can pass the
    /// others on: Enter, Esc, Up…).
    ///
    ///     if !input.handle(key) { return otherEvent(for: key) }
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(text: String(character))
        case .left, .control("b"): cursor = max(cursor - 1, 0)
        case .right, .control("f"): cursor = min(cursor + 1, text.count)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .backspace, .control("h"): deleteBackward(count: min(cursor, 1))
        case .delete, .control("d"): deleteForward(count: min(text.count - cursor, 1))
        case .control("w"), .alt(.backspace): deleteBackward(count: cursor - wordStart(before: cursor))
        case .alt(.character("d")): deleteForward(count: wordEnd(after: cursor) - cursor)
        case .control("u"): deleteBackward(count: cursor)
        case .control("k"): deleteForward(count: text.count - cursor)
        case .alt(.character("b")), .alt(.left): cursor = wordStart(before: cursor)
        case .alt(.character("f")), .alt(.right): cursor = wordEnd(after: cursor)
        default: return false
        }
        return true
    }

    /// Applies an editing key or inserts a paste; returns whether the input was one of those.
    ///
    ///     if !input.handle(event) { return otherEvent(for: event) }
    @discardableResult
    public mutating func handle(_ input: InputEvent) -> Bool {
        switch input {
        case .key(let key): return handle(key)
        case .paste(let pasted): insert(text: pasted)
        case .mouse, .resize: return false
        }
        return true
    }

    private mutating func deleteBackward(count: Int) {
        guard count > 0 else { return }
        let end = text.index(text.startIndex, offsetBy: cursor)
        let start = text.index(end, offsetBy: -count)
        text.removeSubrange(start..<end)
        cursor -= count
    }

    private mutating func deleteForward(count: Int) {
        guard count > 0 else { return }
        let start = text.index(text.startIndex, offsetBy: cursor)
        let end = text.index(start, offsetBy: count)
        text.removeSubrange(start..<end)
    }

    /// The start of the word before `position` (skipping the spaces just before it).
    private func wordStart(before position: Int) -> Int {
        TextEditing.wordStart(in: Array(text), before: position)
    }

    /// The end of the word after `position` (skipping the spaces just after it).
    private func wordEnd(after position: Int) -> Int {
        TextEditing.wordEnd(in: Array(text), after: position)
    }
}
