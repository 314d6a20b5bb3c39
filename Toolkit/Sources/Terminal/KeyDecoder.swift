import CNCursesW

/// Turns what `wget_wch` returned into a key, or a resize.
///
/// `wget_wch` either gives a character (`OK`) or a function-key code (`KEY_CODE_YES`). The
/// decoder is a pure function of those two values (plus the size, for a resize, and the
/// terminfo name of an extended code), so it is tested table-driven without a terminal.
package enum KeyDecoder {
    /// What `wget_wch` said.
    package enum Status: Sendable { case character, functionKey }

    package static func decode(
        status: Status, code: UInt32, size: @autoclosure () -> Size = Size(rows: 0, columns: 0),
        keyName: (Int32) -> String? = { _ in nil }
    ) -> InputEvent {
        switch status {
        case .character: return .key(decodeCharacter(code))
        case .functionKey:
            let code = Int32(bitPattern: code)
            if code == KEY_RESIZE { return .resize(size()) }
            return .key(decodeFunctionKey(code, keyName: keyName))
        }
    }

    static func decodeCharacter(_ code: UInt32) -> Key {
        switch code {
        case 0x0A, 0x0D: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(code + 0x60)!))
        case 0x00: return .control(" ")
        case 0x1C...0x1F, 0x80...0x9F: return .unknown(code: Int32(bitPattern: code), name: nil)
        default:
            guard let scalar = Unicode.Scalar(code) else { return .unknown(code: Int32(bitPattern: code), name: nil) }
            return .character(Character(scalar))
        }
    }

    static func decodeFunctionKey(_ code: Int32, keyName: (Int32) -> String?) -> Key {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_HOME, KEY_A1: return .home
        case KEY_END, KEY_C1, KEY_LL: return .end
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case spindle_key_f(1)...spindle_key_f(63): return .function(Int(code - spindle_key_f(0)))
        default:
            // Extended keys have codes made at run time; terminfo names them (kUP = Shift+Up).
            let name = keyName(code)
            switch name {
            case "kUP": return .shiftUp
            case "kDN": return .shiftDown
            case "kLFT": return .shiftLeft
            case "kRIT": return .shiftRight
            default: return .unknown(code: code, name: name)
            }
        }
    }
}
