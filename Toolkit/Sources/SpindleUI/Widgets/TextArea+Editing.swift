import Terminal

// The editing keys, readline style, over lines. A word is a run of characters that are not
// whitespace; word moves and word deletion cross line breaks.
extension TextArea {
    /// Applies an editing key; returns whether the key was used (so a key map can pass the
    /// others on: Esc, Tab, Up on the first line, Down on the last).
    ///
    ///     if !note.handle(key) { return otherEvent(for: key) }
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        let goal = goalColumn
        goalColumn = nil
        let offset = flatOffset(of: cursor)
        let line = lines[cursor.line]
        switch key {
        case .character(let character): insert(text: String(character))
        case .enter: insert(text: "\n")
        case .left, .control("b"): cursor = location(atFlatOffset: offset - 1)
        case .right, .control("f"): cursor = location(atFlatOffset: offset + 1)
        case .home, .control("a"): cursor.index = 0
        case .end, .control("e"): cursor.index = line.count
        case .up:
            guard cursor.line > 0 else { return false }
            moveVertically(by: -1, goal: goal)
        case .down:
            guard cursor.line < lines.count - 1 else { return false }
            moveVertically(by: 1, goal: goal)
        case .pageUp: moveVertically(by: -max(pageHeight, 1), goal: goal)
        case .pageDown: moveVertically(by: max(pageHeight, 1), goal: goal)
        case .backspace, .control("h"): replace(max(offset - 1, 0)..<offset, with: "")
        case .delete, .control("d"): replace(offset..<min(offset + 1, count), with: "")
        case .control("w"), .alt(.backspace):
            replace(TextEditing.wordStart(in: Array(text), before: offset)..<offset, with: "")
        case .alt(.character("d")):
            replace(offset..<TextEditing.wordEnd(in: Array(text), after: offset), with: "")
        case .control("u"): replace((offset - cursor.index)..<offset, with: "")
        case .control("k"):
            // At the end of a line, the line break goes: the next line joins this one.
            let end = cursor.index == line.count ? min(offset + 1, count) : offset + line.count - cursor.index
            replace(offset..<end, with: "")
        case .alt(.character("b")), .alt(.left):
            cursor = location(atFlatOffset: TextEditing.wordStart(in: Array(text), before: offset))
        case .alt(.character("f")), .alt(.right):
            cursor = location(atFlatOffset: TextEditing.wordEnd(in: Array(text), after: offset))
        default:
            goalColumn = goal
            return false
        }
        return true
    }

    /// Applies an editing key or inserts a paste (one edit); returns whether the input was one
    /// of those.
    ///
    ///     if !note.handle(event) { return otherEvent(for: event) }
    @discardableResult
    public mutating func handle(_ input: InputEvent) -> Bool {
        switch input {
        case .key(let key): return handle(key)
        case .paste(let pasted): insert(text: pasted)
        case .mouse, .resize: return false
        }
        return true
    }

    /// Moves `lines` lines up (negative) or down, to the column aimed for: the one the cursor
    /// had before the first of a run of vertical moves, kept across shorter lines. Past the
    /// first or last line, the cursor goes to its start or end.
    private mutating func moveVertically(by delta: Int, goal: Int?) {
        let column = goal ?? cursorColumn
        let target = cursor.line + delta
        if target < 0 {
            cursor = Location(line: 0, index: 0)
        } else if target > lines.count - 1 {
            cursor = Location(line: lines.count - 1, index: lines[lines.count - 1].count)
        } else {
            cursor = Location(line: target, index: index(onLine: target, atColumn: column))
            goalColumn = column
        }
    }
}
