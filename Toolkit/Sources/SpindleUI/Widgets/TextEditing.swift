import Terminal

/// What the text widgets share: which characters text may hold and where words start and end.
/// A word is a run of characters that are not whitespace (a newline is whitespace).
enum TextEditing {
    /// Whether `character` draws as itself: no control character (a newline, a tab, ESC) and no
    /// bidirectional override is part of it.
    static func isPrintable(_ character: Character) -> Bool {
        !character.unicodeScalars.contains(where: { DisplayText.visible($0) != $0 })
    }

    /// The start of the word before `position` (skipping the spaces just before it).
    static func wordStart(in characters: [Character], before position: Int) -> Int {
        var index = position
        while index > 0, characters[index - 1].isWhitespace { index -= 1 }
        while index > 0, !characters[index - 1].isWhitespace { index -= 1 }
        return index
    }

    /// The end of the word after `position` (skipping the spaces just after it).
    static func wordEnd(in characters: [Character], after position: Int) -> Int {
        var index = position
        while index < characters.count, characters[index].isWhitespace { index += 1 }
        while index < characters.count, !characters[index].isWhitespace { index += 1 }
        return index
    }
}
