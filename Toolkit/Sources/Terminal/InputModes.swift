import CNCursesW
#if canImport(Glibc)
import Glibc
#endif

/// The escape sequences that start a paste and a mouse report, bound with `define_key` to codes
/// of Spindle's own, so that ncurses' key reader finds them among the other keys.
enum InputMarker: Int32, CaseIterable {
    // Far above ncurses' own codes (KEY_MAX is 0777; extended keys are numbered from there).
    case pasteStart = 0x5350
    case pasteEnd = 0x5351
    case mouseReport = 0x5352
    case legacyMouseReport = 0x5353

    var sequence: String {
        switch self {
        case .pasteStart: "\u{1B}[200~"
        case .pasteEnd: "\u{1B}[201~"
        case .mouseReport: "\u{1B}[<"
        case .legacyMouseReport: "\u{1B}[M"
        }
    }

    var piece: InputAssembler.Piece {
        switch self {
        case .pasteStart: .pasteStart
        case .pasteEnd: .pasteEnd
        case .mouseReport: .mouseReport
        case .legacyMouseReport: .legacyMouseReport
        }
    }

    static func defineAll() {
        for marker in allCases { _ = define_key(marker.sequence, marker.rawValue) }
    }
}

/// The terminal modes Spindle turns on beside curses' own: bracketed paste (2004) and, unless
/// the user said no, mouse reports in SGR form (1000: presses, releases and the wheel; 1006: SGR
/// coordinates, unlimited in size). Turned off again on every way out, the signal-safe one too.
struct InputModes: Sendable {
    var paste: Bool
    var mouse: Bool

    var enable: String {
        (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "") + (paste ? "\u{1B}[?2004h" : "")
    }

    var disable: String {
        (paste ? "\u{1B}[?2004l" : "") + (mouse ? "\u{1B}[?1006l\u{1B}[?1000l" : "")
    }
}

extension TerminalScreen {
    /// Writes the modes' on or off sequence straight to the terminal (they are not screen
    /// contents, so curses' buffer is not involved).
    func writeModes(enabling: Bool) {
        var bytes = enabling ? inputModes.enable : inputModes.disable
        guard !bytes.isEmpty else { return }
        bytes.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(outputFD, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }
}
