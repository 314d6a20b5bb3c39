/// Alt chords: a terminal sends Alt+x as ESC followed at once by x. ncurses, which knows no such
/// key, returns them as two keys, ESC then x, in the same read; a lone Esc comes alone, since the
/// next key a person types arrives long after the escape delay.
extension KeyDecoder {
    /// The input read together, with each ESC that is directly followed by another key (not a
    /// second ESC, not a paste, a mouse report or a resize) turned into that key with Alt.
    ///
    ///     KeyDecoder.combiningAltChords([.key(.escape), .key(.backspace)])   // [.key(.alt(.backspace))]
    ///     KeyDecoder.combiningAltChords([.key(.escape)])                      // [.key(.escape)]
    package static func combiningAltChords(_ inputs: [InputEvent]) -> [InputEvent] {
        guard inputs.count > 1, inputs.contains(.key(.escape)) else { return inputs }
        var combined: [InputEvent] = []
        combined.reserveCapacity(inputs.count)
        var index = 0
        while index < inputs.count {
            let input = inputs[index]
            if input == .key(.escape), index + 1 < inputs.count, case .key(let next) = inputs[index + 1], Self.canTakeAlt(next) {
                combined.append(.key(.alt(next)))
                index += 2
            } else {
                combined.append(input)
                index += 1
            }
        }
        return combined
    }

    private static func canTakeAlt(_ key: Key) -> Bool {
        switch key {
        case .escape, .alt, .unknown: false
        default: true
        }
    }
}
