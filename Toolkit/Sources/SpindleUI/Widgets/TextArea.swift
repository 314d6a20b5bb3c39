import Terminal

/// A multi-line text editor: lines of text, a cursor between their characters, and how far it
/// is scrolled so that the cursor's line shows. Keys edit it through `handle(_:)`, a pure
/// reducer (readline keys, Enter splits a line, Backspace and Delete join lines); `render`
/// draws the visible lines and puts the canvas cursor where the next character goes.
///
/// The cursor moves by character (a grapheme cluster: "e" with its accent, a flag) and is drawn
/// by display column: a CJK character takes 2 columns, a tab moves to the next multiple of 4.
/// A paste is one edit (one `undo()` step): CR LF and CR become line breaks, other control
/// characters but the tab are dropped. The text is edited as a whole string: keep
/// `maximumLength` to what a form needs (a description, a note), not a document. Two text
/// areas are equal when their text, cursor, scroll, settings and undo history are.
///
///     var note = TextArea(placeholder: "A note for this title")
///     note.handle(.character("d"))          // true: "d", cursor (0, 1)
///     note.handle(.enter)                   // true: two lines, cursor (1, 0)
///     note.insert(text: "one\r\ntwo")       // "d\none\ntwo"
///     note.render(in: box, on: canvas)      // draws, and puts the cursor
public struct TextArea: Hashable, Sendable {
    /// A place in the text: a line and the number of characters before it on that line.
    ///
    ///     TextArea.Location(line: 1, index: 0)   // the start of the second line
    public struct Location: Hashable, Sendable, Comparable {
        /// The line, from 0.
        public var line: Int
        /// The characters (`Character`s) before the location on its line.
        public var index: Int

        /// A location.
        ///
        ///     TextArea.Location(line: 0, index: 3)
        public init(line: Int, index: Int) {
            self.line = line
            self.index = index
        }

        /// Earlier in the text.
        public static func < (left: Location, right: Location) -> Bool {
            (left.line, left.index) < (right.line, right.index)
        }
    }

    /// The lines, never empty (an empty text is one empty line); no line holds a line break.
    public internal(set) var lines: [String]
    /// Where the next character goes.
    public internal(set) var cursor: Location
    /// The first line shown; `render` moves it as little as needed to show the cursor, and
    /// `scrollToCursor(height:)` stores that.
    public internal(set) var scrollOffset: Int
    /// How many lines Page Up and Page Down move (the height the area had when
    /// `scrollToCursor(height:)` was last called; 10 until then).
    public var pageHeight: Int
    /// Drawn (dim) while the text is empty.
    public var placeholder: String
    /// How the text area looks.
    public var styles: TextAreaStyles
    /// The most characters the text holds, line breaks included; what a paste or typing would
    /// add past it is dropped (nil: no limit).
    public var maximumLength: Int?
    /// The display column Up and Down aim for (kept across short lines), nil after other moves.
    var goalColumn: Int?
    /// The texts and cursors before the last edits, for `undo()`.
    var undoStack: [Edit] = []

    /// A text and its cursor, as `undo()` brings them back.
    struct Edit: Hashable, Sendable {
        var lines: [String]
        var cursor: Location
    }

    /// How many edits `undo()` can take back.
    static var undoLimit: Int { 100 }

    /// The columns a tab moves to a multiple of.
    static var tabWidth: Int { 4 }

    /// A text area holding `text` with the cursor at its end.
    ///
    ///     TextArea(text: "first line\nsecond line", maximumLength: 2000)
    public init(text: String = "", placeholder: String = "", styles: TextAreaStyles = TextAreaStyles(),
                maximumLength: Int? = nil) {
        self.lines = [""]
        self.cursor = Location(line: 0, index: 0)
        self.scrollOffset = 0
        self.pageHeight = 10
        self.placeholder = placeholder
        self.styles = styles
        self.maximumLength = maximumLength
        insert(text: text)
        undoStack = []
    }

    /// The whole text, lines joined by "\n".
    ///
    ///     TextArea(text: "a\r\nb").text   // "a\nb"
    public var text: String { lines.joined(separator: "\n") }

    /// The characters in the text, line breaks included (what `maximumLength` bounds).
    ///
    ///     TextArea(text: "ab\nc").count   // 4
    public var count: Int { lines.reduce(lines.count - 1) { $0 + $1.count } }

    /// Whether the text is empty.
    ///
    ///     TextArea().isEmpty   // true
    public var isEmpty: Bool { lines.count == 1 && lines[0].isEmpty }

    /// The display column of the cursor on its line (wide characters count 2, tabs up to the
    /// next multiple of 4).
    ///
    ///     TextArea(text: "日本").cursorColumn   // 4
    public var cursorColumn: Int {
        Self.columns(of: lines[cursor.line].prefix(cursor.index))
    }

    /// Replaces the whole text, cursor at its end; the undo history is cleared.
    ///
    ///     note.setText("")
    public mutating func setText(_ newText: String) {
        lines = [""]
        cursor = Location(line: 0, index: 0)
        scrollOffset = 0
        goalColumn = nil
        insert(text: newText)
        undoStack = []
    }

    /// Inserts `text` at the cursor (typing or a paste), as one edit: CR LF and CR become line
    /// breaks, other control characters but the tab are dropped, and what would pass
    /// `maximumLength` is cut off.
    ///
    ///     note.insert(text: "line one\r\nline two")
    public mutating func insert(text pasted: some StringProtocol) {
        var clean = ""
        for character in pasted {
            if character == "\n" || character == "\r\n" || character == "\r" {
                clean.append("\n")
            } else if character == "\t" || TextEditing.isPrintable(character) {
                clean.append(character)
            }
        }
        if let maximumLength {
            let room = max(maximumLength - count, 0)
            if clean.count > room { clean = String(clean.prefix(room)) }
        }
        guard !clean.isEmpty else { return }
        let offset = flatOffset(of: cursor)
        replace(offset..<offset, with: clean)
    }

    /// Takes the last edit back (typing a character, a paste, a deletion): the text and the
    /// cursor are as they were before it. Returns whether there was one. Bind it to a key of
    /// your own (Ctrl+Z suspends the app in a terminal).
    ///
    ///     case .control("_"): note.undo()
    @discardableResult
    public mutating func undo() -> Bool {
        guard let edit = undoStack.popLast() else { return false }
        lines = edit.lines
        cursor = edit.cursor
        goalColumn = nil
        return true
    }

    /// Stores the scroll that `render` uses in an area `height` rows high (so the next moves
    /// scroll from there), and makes `height` the page for Page Up and Page Down.
    ///
    ///     note.handle(key); note.scrollToCursor(height: box.rows)
    public mutating func scrollToCursor(height: Int) {
        scrollOffset = visibleOffset(height: height)
        pageHeight = max(height, 1)
    }

    /// The first line shown in an area `height` rows high: the stored offset, moved as little
    /// as possible to show the cursor's line, with no blank rows below the last line while
    /// there are lines above.
    ///
    ///     TextArea(text: "1\n2\n3\n4").visibleOffset(height: 2)   // 2
    public func visibleOffset(height: Int) -> Int {
        let height = max(height, 1)
        var offset = min(scrollOffset, cursor.line)
        if cursor.line - offset > height - 1 { offset = cursor.line - (height - 1) }
        return max(0, min(offset, lines.count - height, cursor.line))
    }

    // MARK: Positions

    /// The location `offset` characters into the text (line breaks count 1), clamped to it.
    func location(atFlatOffset offset: Int) -> Location {
        var remaining = max(offset, 0)
        for (line, text) in lines.enumerated() {
            let length = text.count
            if remaining <= length { return Location(line: line, index: remaining) }
            remaining -= length + 1
        }
        return Location(line: lines.count - 1, index: lines[lines.count - 1].count)
    }

    /// How many characters of the text (line breaks count 1) come before `location`.
    func flatOffset(of location: Location) -> Int {
        var offset = 0
        for line in 0..<location.line { offset += lines[line].count + 1 }
        return offset + location.index
    }

    /// Replaces the characters `range` (flat offsets) with `insertion`, as one undoable edit;
    /// the cursor goes to the end of the insertion.
    mutating func replace(_ range: Range<Int>, with insertion: String) {
        guard !range.isEmpty || !insertion.isEmpty else { return }
        undoStack.append(Edit(lines: lines, cursor: cursor))
        if undoStack.count > Self.undoLimit { undoStack.removeFirst(undoStack.count - Self.undoLimit) }
        var whole = text
        let start = whole.index(whole.startIndex, offsetBy: range.lowerBound)
        let end = whole.index(start, offsetBy: range.count)
        let cursorUTF8 = whole.utf8.distance(from: whole.startIndex, to: start) + insertion.utf8.count
        whole.replaceSubrange(start..<end, with: insertion)
        lines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Found again from the bytes: a mark inserted after a character (or a line joined before
        // one) joins it, so the text can gain fewer characters than were inserted.
        var remaining = cursorUTF8
        var line = 0
        while line < lines.count - 1, remaining > lines[line].utf8.count {
            remaining -= lines[line].utf8.count + 1
            line += 1
        }
        let index = String(decoding: lines[line].utf8.prefix(max(remaining, 0)), as: UTF8.self).count
        cursor = Location(line: line, index: min(index, lines[line].count))
        goalColumn = nil
    }

    /// The display columns of `characters` drawn from column 0 (tabs to the next multiple of 4).
    static func columns(of characters: some Sequence<Character>) -> Int {
        characters.reduce(0) { $0 + width(of: $1, at: $0) }
    }

    /// The columns `character` takes when drawn at `column`.
    static func width(of character: Character, at column: Int) -> Int {
        character == "\t" ? tabWidth - column % tabWidth : DisplayText.width(String(character))
    }

    /// The index on `line` whose column is the last one at or before `column`.
    func index(onLine line: Int, atColumn column: Int) -> Int {
        var current = 0
        var index = 0
        for character in lines[line] {
            let width = Self.width(of: character, at: current)
            if current + width > column { break }
            current += width
            index += 1
        }
        return index
    }
}

/// How a `TextArea` looks.
///
///     TextArea(styles: TextAreaStyles(text: Style(foreground: .yellow)))
public struct TextAreaStyles: Hashable, Sendable {
    /// The text.
    public var text: Style
    /// The placeholder, while the text is empty.
    public var placeholder: Style

    /// The defaults (plain text, dim placeholder), or your own.
    ///
    ///     TextAreaStyles(placeholder: Style(.italic))
    public init(text: Style = .plain, placeholder: Style = .dim) {
        self.text = text
        self.placeholder = placeholder
    }
}
