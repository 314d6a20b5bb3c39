/// Puts together what arrives in pieces: a bracketed paste (`ESC [200~ … ESC [201~`) becomes one
/// `.paste`, an SGR mouse report (`ESC [< b;x;y M|m`) one `.mouse`. ncurses finds the prefixes
/// (Spindle binds them with `define_key`) and hands over the rest as ordinary keys, possibly
/// across several reads, so the assembler keeps what it has between reads.
///
///     var assembler = InputAssembler()
///     assembler.feed(.pasteStart, at: 0); assembler.feed(.key(.character("a")), at: 0)
///     assembler.feed(.pasteEnd, at: 0)          // [.paste("a")]
///
/// It is a pure value (the time of each piece is given), so it is tested without a terminal.
package struct InputAssembler: Sendable {
    /// One thing ncurses returned.
    package enum Piece: Hashable, Sendable {
        case key(Key)
        case pasteStart, pasteEnd
        /// `ESC [<`: the parameters of an SGR mouse report follow.
        case mouseReport
        /// `ESC [M`: an old-style (X10) mouse report's three bytes follow, from a terminal that
        /// does not know the SGR form. Taken, so that its bytes never act as keys.
        case legacyMouseReport
    }

    /// The longest paste kept by default, in Unicode scalars; the rest of a larger one is
    /// dropped (a paste is text for a field, not a file transfer).
    package static let defaultMaximumPaste = 1 << 20
    /// Two presses of a button at one cell within this time make a double click.
    package static let doubleClickMilliseconds: UInt64 = 400

    private enum Pending: Sendable {
        case none
        case paste(String.UnicodeScalarView, count: Int)
        case mouse(String)
        case legacyMouse([UInt32])
    }

    private var pending = Pending.none
    private var lastPress: (button: MouseEvent.Button, position: Position, time: UInt64, count: Int)?

    /// The longest paste kept, in Unicode scalars.
    package let maximumPaste: Int

    package init(maximumPaste: Int = defaultMaximumPaste) {
        self.maximumPaste = maximumPaste
    }

    /// Whether a paste or a mouse report has begun and not ended (the reader should not wait
    /// for ever for its end: see `flush()`).
    package var isAssembling: Bool {
        if case .none = pending { return false }
        return true
    }

    /// Takes one piece read at `milliseconds` (any monotonic time) and returns the input it
    /// completes.
    package mutating func feed(_ piece: Piece, at milliseconds: UInt64) -> [InputEvent] {
        var inputs: [InputEvent] = []
        feed(piece, at: milliseconds, into: &inputs)
        return inputs
    }

    /// Takes one piece and appends the input it completes to `keys` (no array of its own: this
    /// runs for every key read).
    package mutating func feed(_ piece: Piece, at milliseconds: UInt64, into keys: inout [InputEvent]) {
        switch pending {
        case .none:
            start(piece, into: &keys)
        case .paste(var scalars, let count):
            switch piece {
            case .pasteEnd:
                pending = .none
                keys.append(.paste(String(scalars)))
            case .key(let key):
                // Taken out of `pending` while it grows, so that appending does not copy it.
                pending = .none
                var added = count
                Self.append(key, to: &scalars, count: &added, limit: maximumPaste)
                pending = .paste(scalars, count: added)
            case .pasteStart, .mouseReport, .legacyMouseReport:
                break  // nested markers inside a paste are noise
            }
        case .mouse(var parameters):
            if case .key(.character(let character)) = piece {
                if character == "M" || character == "m" {
                    pending = .none
                    if let mouse = mouse(parameters, released: character == "m", at: milliseconds) { keys.append(.mouse(mouse)) }
                    return
                }
                if (character.isASCII && character.isNumber) || character == ";", parameters.utf8.count < 24 {
                    parameters.append(character)
                    pending = .mouse(parameters)
                    return
                }
            }
            // Not a report after all: drop the part read, and take this piece as itself.
            pending = .none
            start(piece, into: &keys)
        case .legacyMouse(var bytes):
            // Each byte is 32 + a value; DEL (127) decodes as Backspace.
            let byte: UInt32?
            switch piece {
            case .key(.character(let character)): byte = character.unicodeScalars.count == 1 ? character.unicodeScalars.first!.value : nil
            case .key(.backspace): byte = 127
            default: byte = nil
            }
            guard let byte, byte >= 32 else {
                pending = .none
                start(piece, into: &keys)
                return
            }
            bytes.append(byte - 32)
            guard bytes.count == 3 else {
                pending = .legacyMouse(bytes)
                return
            }
            pending = .none
            let code = Int(bytes[0])
            if let mouse = mouse(code: code, x: Int(bytes[1]), y: Int(bytes[2]), released: code & 3 == 3 && code & 96 == 0, at: milliseconds) {
                keys.append(.mouse(mouse))
            }
        }
    }

    /// Ends what is pending because no more input came: a paste whose end never arrived is
    /// delivered as it is; a cut-off mouse report is dropped.
    package mutating func flush() -> [InputEvent] {
        defer { pending = .none }
        if case .paste(let scalars, _) = pending { return [.paste(String(scalars))] }
        return []
    }

    private mutating func start(_ piece: Piece, into keys: inout [InputEvent]) {
        switch piece {
        case .key(let key): keys.append(.key(key))
        case .pasteStart: pending = .paste(String.UnicodeScalarView(), count: 0)
        case .mouseReport: pending = .mouse("")
        case .legacyMouseReport: pending = .legacyMouse([])
        case .pasteEnd: break  // an end without a start
        }
    }

    /// Pasted text keeps its characters, newlines and tabs; the keys that escape sequences inside
    /// it decoded to, and other control characters, are dropped.
    private static func append(_ key: Key, to scalars: inout String.UnicodeScalarView, count: inout Int, limit: Int) {
        let text: String
        switch key {
        case .character(let character): text = String(character)
        case .enter: text = "\n"
        case .tab: text = "\t"
        default: return
        }
        for scalar in text.unicodeScalars where count < limit {
            scalars.append(scalar)
            count += 1
        }
    }

    /// `b;x;y` with 1-based cells; the button code's low bits are the button (3: none), 4/8/16
    /// the modifiers, 32 motion, 64 the wheel.
    private mutating func mouse(_ parameters: String, released: Bool, at milliseconds: UInt64) -> MouseEvent? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let x = numbers[1], let y = numbers[2] else { return nil }
        return mouse(code: code, x: x, y: y, released: released, at: milliseconds)
    }

    /// A report's button code and 1-based cell as an event. An X10 release (code 3) says no
    /// button: it releases the one pressed last.
    private mutating func mouse(code: Int, x: Int, y: Int, released: Bool, at milliseconds: UInt64) -> MouseEvent? {
        guard x >= 1, y >= 1, code >= 0 else { return nil }
        let position = Position(row: y - 1, column: x - 1)
        var modifiers: MouseEvent.Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let buttons: [MouseEvent.Button?] = [.left, .middle, .right, nil]
        let action: MouseEvent.Action
        if code & 64 != 0 {
            switch code & 3 {
            case 0: action = .wheelUp
            case 1: action = .wheelDown
            default: return nil  // horizontal wheel
            }
        } else if code & 32 != 0 {
            // Motion: with a button held a drag, with none (low bits 3, any-motion tracking) a move.
            action = buttons[code & 3].map { .drag($0) } ?? .moved
        } else if released, code & 3 == 3 {
            action = .release(lastPress?.button ?? .left)
        } else {
            guard let button = buttons[code & 3] else { return nil }
            action = released ? .release(button) : .press(button)
        }
        var event = MouseEvent(action: action, position: position, modifiers: modifiers)
        if case .press(let button) = action {
            var count = 1
            if let last = lastPress, last.button == button, last.position == position,
               milliseconds >= last.time, milliseconds - last.time <= Self.doubleClickMilliseconds {
                count = last.count % 3 + 1
            }
            lastPress = (button, position, milliseconds, count)
            event.clickCount = count
        }
        return event
    }
}
