import Terminal

/// A one-line text field: the text, a cursor between its characters, and how far it is
/// scrolled so that the cursor stays in view. Keys edit it through `handle(_:)`, a pure
/// reducer; `render` draws the prompt, the visible part of the text (or the placeholder) and
/// puts the canvas cursor where the next character goes.
///
///     var search = TextInput(prompt: "Search: ", placeholder: "title or genre")
///     search.handle(.character("d"))            // true: "d", cursor 1
///     search.insert(text: pasted)               // control characters and newlines dropped
///     search.render(in: footer, on: canvas)     // "Search: d▏"
public struct TextInput: Hashable, Sendable {
    /// The text typed so far.
    public internal(set) var text: String
    /// The cursor, as the number of characters (`Character`s) before it.
    public internal(set) var cursor: Int
    /// The display column of the text shown first; `render` adjusts it minimally so the cursor
    /// shows, and `scrollToCursor(width:)` stores that adjustment.
    public internal(set) var scrollOffset: Int
    /// Drawn before the text: "Search: ".
    public var prompt: String
    /// Drawn (dim) while the text is empty.
    public var placeholder: String
    /// How the input looks.
    public var styles: TextInputStyles
    /// The most characters the text holds; what a paste or typing would add past it is dropped
    /// (nil: no limit). A search line wants one: every key re-reads the whole query.
    public var maximumLength: Int?

    /// An input holding `text` with the cursor at its end.
    ///
    ///     TextInput(text: "jazz", prompt: "/")
    public init(
        text: String = "", prompt: String = "", placeholder: String = "", styles: TextInputStyles = TextInputStyles(),
        maximumLength: Int? = nil
    ) {
        self.text = ""
        self.cursor = 0
        self.scrollOffset = 0
        self.prompt = prompt
        self.placeholder = placeholder
        self.styles = styles
        self.maximumLength = maximumLength
        insert(text: text)
    }

    /// The display columns of the text before the cursor (wide characters count 2).
    ///
    ///     TextInput(text: "日本").cursorColumn   // 4
    public var cursorColumn: Int {
        DisplayText.width(text.prefix(cursor))
    }

    /// Inserts `text` at the cursor (a paste): newlines and tabs become spaces and other control
    /// characters are dropped, so the line stays one line of printable text.
    ///
    ///     input.insert(text: "Blade\nRunner")   // "Blade Runner"
    public mutating func insert(text pasted: some StringProtocol) {
        var clean = ""
        for character in pasted {
            if character == "\n" || character == "\r\n" || character == "\r" || character == "\t" {
                if clean.last != " " { clean.append(" ") }
            } else if TextEditing.isPrintable(character) {
                clean.append(character)
            }
        }
        if let maximumLength {
            let room = max(maximumLength - text.count, 0)
            if clean.count > room { clean = String(clean.prefix(room)) }
        }
        guard !clean.isEmpty else { return }
        let index = text.index(text.startIndex, offsetBy: cursor)
        let end = text.utf8.distance(from: text.startIndex, to: index) + clean.utf8.count
        text.insert(contentsOf: clean, at: index)
        // Counted again: a combining mark (a joiner, a flag's second half) typed after a
        // character joins it, so the text can gain fewer characters than were inserted.
        cursor = text.distance(from: text.startIndex, to: text.utf8.index(text.startIndex, offsetBy: end))
    }

    /// Replaces the whole text, cursor at its end.
    ///
    ///     input.setText("")
    public mutating func setText(_ newText: String) {
        text = ""
        cursor = 0
        scrollOffset = 0
        insert(text: newText)
    }

    /// Stores the scroll that `render` would use at `width` (so the next moves scroll from
    /// there instead of from the start).
    ///
    ///     input.handle(key); input.scrollToCursor(width: area.columns - 8)
    public mutating func scrollToCursor(width: Int) {
        scrollOffset = visibleOffset(width: width)
    }

    /// The first display column shown in a field `width` columns wide: the stored offset, moved
    /// as little as possible to show the cursor (with room for it after the last character).
    ///
    ///     TextInput(text: "abcdefgh").visibleOffset(width: 5)   // 4
    public func visibleOffset(width: Int) -> Int {
        let width = max(width, 1)
        let column = cursorColumn
        var offset = min(scrollOffset, column)
        if column - offset > width - 1 { offset = column - (width - 1) }
        // Do not keep blank room on the right when scrolled and the text got shorter.
        let total = DisplayText.width(text)
        offset = max(0, min(offset, max(total + 1 - width, 0), column))
        return offset
    }
}

/// How a `TextInput` looks.
///
///     TextInput(prompt: "/", styles: TextInputStyles(prompt: .bold))
public struct TextInputStyles: Hashable, Sendable {
    /// The prompt before the text.
    public var prompt: Style
    /// The text typed.
    public var text: Style
    /// The placeholder, while the text is empty.
    public var placeholder: Style

    /// The defaults (bold prompt, plain text, dim placeholder), or your own.
    ///
    ///     TextInputStyles(text: Style(foreground: .yellow))
    public init(prompt: Style = .bold, text: Style = .plain, placeholder: Style = .dim) {
        self.prompt = prompt
        self.text = text
        self.placeholder = placeholder
    }
}
