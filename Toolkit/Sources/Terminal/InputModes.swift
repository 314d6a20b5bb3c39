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

/// The sequences terminals send for the keys a list and a field use, in each form a common
/// terminal sends them (xterm's normal and application modes, VT220, the Linux console, screen
/// and tmux, rxvt). ncurses knows a key only by the terminfo entry `TERM` names, and a terminal
/// that is not what `TERM` says (`TERM=xterm-256color` inside a tmux pane that is `screen`)
/// sends Home as `ESC [1~`, unknown to xterm's entry: ncurses would hand over its four bytes as
/// Escape, `[`, `1` and `~`, and `1` is a key of its own. Each sequence the terminfo entry
/// leaves free is bound to its key (`define_key`); one the entry binds keeps its meaning.
enum CommonKeySequences {
    static let all: [(sequence: String, code: Int32)] = {
        var all: [(String, Int32)] = [
            ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME),
            ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[2~", KEY_IC), ("\u{1B}[3~", KEY_DC),
            ("\u{1B}[Z", KEY_BTAB),
        ]
        for (final, code) in [("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT)] {
            all += [("\u{1B}[" + final, code), ("\u{1B}O" + final, code)]
        }
        for (number, final) in ["P", "Q", "R", "S"].enumerated() {
            all += [("\u{1B}O" + final, spindle_key_f(Int32(number + 1))), ("\u{1B}[1\(number + 1)~", spindle_key_f(Int32(number + 1)))]
        }
        for (number, code) in [(5, 15), (6, 17), (7, 18), (8, 19), (9, 20), (10, 21), (11, 23), (12, 24)] {
            all.append(("\u{1B}[\(code)~", spindle_key_f(Int32(number))))
        }
        return all
    }()

    /// Binds each sequence the terminfo entry leaves free (neither a key nor the start of one).
    static func defineMissing() {
        for (sequence, code) in all where key_defined(sequence) == 0 { _ = define_key(sequence, code) }
    }
}

/// The terminal modes Spindle turns on beside curses' own: bracketed paste (2004) and, unless
/// the user said no, mouse reports in SGR form (1000: presses, releases and the wheel; 1006: SGR
/// coordinates, unlimited in size), and, while the app asks for it, motion with no button held
/// (1003). Turned off again on every way out, the signal-safe one too: the off sequence always
/// turns 1003 off with the mouse, whether it was on or not.
struct InputModes: Sendable {
    var paste: Bool
    var mouse: Bool
    /// Whether motion reports (1003) are on now; never with the mouse off.
    private(set) var motion = false

    init(paste: Bool, mouse: Bool) {
        self.paste = paste
        self.mouse = mouse
    }

    static let motionOn = "\u{1B}[?1003h"
    static let motionOff = "\u{1B}[?1003l"

    var enable: String {
        (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" + (motion ? Self.motionOn : "") : "") + (paste ? "\u{1B}[?2004h" : "")
    }

    var disable: String {
        (paste ? "\u{1B}[?2004l" : "") + (mouse ? Self.motionOff + "\u{1B}[?1006l\u{1B}[?1000l" : "")
    }

    /// Asks for motion reports on or off; returns what to write for it (nothing when it does not
    /// change, or when the mouse is off).
    mutating func setMotion(_ on: Bool) -> String {
        let wanted = on && mouse
        guard wanted != motion else { return "" }
        motion = wanted
        return wanted ? Self.motionOn : Self.motionOff
    }
}

extension TerminalScreen {
    /// Whether the terminal reports mouse motion with no button held now (`.moved`); see
    /// `trackMouseMotion(_:)`.
    ///
    ///     screen.tracksMouseMotion   // false until the app asks for motion
    public var tracksMouseMotion: Bool { inputModes.motion }

    /// Turns reports of mouse motion with no button held (mode 1003) on or off, only while the
    /// app needs them: each move costs bytes and a wake-up. Writes only when the state changes;
    /// with `TerminalOptions(mouse: false)` it stays off. Turned off on every way out.
    ///
    ///     screen.trackMouseMotion(true)   // `.moved` reports until trackMouseMotion(false)
    public func trackMouseMotion(_ on: Bool) {
        guard running else { return }
        writeSequence(inputModes.setMotion(on))
    }

    /// Writes the modes' on or off sequence straight to the terminal (they are not screen
    /// contents, so curses' buffer is not involved).
    func writeModes(enabling: Bool) {
        writeSequence(enabling ? inputModes.enable : inputModes.disable)
    }

    /// Writes mode sequences straight to the terminal, whole (a write cut by a signal goes on).
    private func writeSequence(_ sequence: String) {
        var bytes = sequence
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
