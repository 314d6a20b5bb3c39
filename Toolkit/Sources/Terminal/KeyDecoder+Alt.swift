/// Alt chords: a terminal sends Alt+x as ESC followed at once by x. ncurses, which knows no such
/// key, returns them as two keys, ESC then x, in the same read; a lone Esc comes alone, since the
/// next key a person types arrives long after the escape delay.
extension KeyDecoder {
    /// The keys read together, with each ESC that is directly followed by another key (not a
    /// second ESC, not a resize) turned into that key with Alt.
    ///
    ///     KeyDecoder.combiningAltChords([.escape, .backspace])   // [.alt(.backspace)]
    ///     KeyDecoder.combiningAltChords([.escape])                // [.escape]
    public static func combiningAltChords(_ keys: [Key]) -> [Key] {
        guard keys.count > 1, keys.contains(.escape) else { return keys }
        var combined: [Key] = []
        combined.reserveCapacity(keys.count)
        var index = 0
        while index < keys.count {
            let key = keys[index]
            if key == .escape, index + 1 < keys.count, Self.canTakeAlt(keys[index + 1]) {
                combined.append(.alt(keys[index + 1]))
                index += 2
            } else {
                combined.append(key)
                index += 1
            }
        }
        return combined
    }

    private static func canTakeAlt(_ key: Key) -> Bool {
        switch key {
        case .escape, .resize, .alt, .unknown, .paste, .mouse: false
        default: true
        }
    }
}
