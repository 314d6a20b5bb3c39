/// How pictures reach the terminal.
///
///     let way = PictureProtocol.detect(environment: ProcessInfo.processInfo.environment, answer: nil)
public enum PictureProtocol: String, Hashable, Sendable, CaseIterable {
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm): the pixels themselves.
    case kitty
    /// Sixel (foot, WezTerm, mlterm, xterm as a VT340): the pixels in a palette of colours.
    case sixel
    /// Unicode half blocks (▀) in direct colour (24-bit SGR): two pixels a cell, each its own
    /// colour, for terminals that say `COLORTERM=truecolor` (or `24bit`). Written past ncurses,
    /// placed like sixel (see `PictureEncoder.directBlocks`).
    case directBlocks = "truecolor"
    /// Unicode half blocks (▀) in the 256 colours: any terminal, tmux included.
    case blocks
    /// No pictures.
    case off

    /// The protocol the environment names, or nil when it does not decide (then the terminal's
    /// answer to a device attributes query does):
    /// - inside tmux (`TMUX` set), which passes neither kitty graphics nor sixel on by default:
    ///   half blocks, in direct colour when `COLORTERM` says `truecolor` or `24bit`, else in the
    ///   256 colours. tmux does not set `COLORTERM` itself: a pane has it from the terminal the
    ///   server was started in (or from the user's tmux environment). tmux passes 24-bit colours
    ///   on when it knows its terminal has them (its `RGB` terminal feature) and otherwise
    ///   rounds each to the nearest of its 256, undithered: `--pictures blocks` then looks better;
    /// - kitty: `KITTY_WINDOW_ID` set, `TERM=xterm-kitty`, `TERM_PROGRAM` WezTerm or ghostty
    ///   (`TERM=xterm-ghostty` too).
    ///
    /// Outside tmux, `COLORTERM` does not decide here: a terminal with direct colour may have
    /// sixel too (foot, WezTerm, mlterm), which the device attributes answer tells (`detect`).
    ///
    ///     PictureProtocol.fromEnvironment(["TERM": "xterm-kitty"])   // .kitty
    public static func fromEnvironment(_ environment: [String: String]) -> PictureProtocol? {
        if let tmux = environment["TMUX"], !tmux.isEmpty { return hasDirectColor(environment) ? .directBlocks : .blocks }
        if let window = environment["KITTY_WINDOW_ID"], !window.isEmpty { return .kitty }
        let term = environment["TERM"] ?? ""
        if term == "xterm-kitty" || term == "xterm-ghostty" { return .kitty }
        switch (environment["TERM_PROGRAM"] ?? "").lowercased() {
        case "wezterm", "ghostty": return .kitty
        default: return nil
        }
    }

    /// Whether `COLORTERM` says the terminal takes 24-bit colours (`truecolor` or `24bit`).
    ///
    ///     PictureProtocol.hasDirectColor(["COLORTERM": "truecolor"])   // true
    public static func hasDirectColor(_ environment: [String: String]) -> Bool {
        let value = (environment["COLORTERM"] ?? "").lowercased()
        return value == "truecolor" || value == "24bit"
    }

    /// Whether a primary device attributes answer (`ESC [ ? 62 ; 4 ; 22 c`) lists sixel
    /// graphics (attribute 4). Anything that is not such an answer says no.
    ///
    ///     PictureProtocol.answerListsSixel(Array("\u{1B}[?62;4;22c".utf8))   // true
    public static func answerListsSixel(_ answer: [UInt8]) -> Bool {
        guard let start = answer.indices.first(where: { index in
            index + 2 < answer.count && answer[index] == 0x1B && answer[index + 1] == UInt8(ascii: "[")
                && answer[index + 2] == UInt8(ascii: "?")
        }) else { return false }
        var attributes: [Int] = []
        var current: Int?
        for byte in answer[(start + 3)...] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                guard (current ?? 0) < 100_000 else { return false }
                current = (current ?? 0) * 10 + digit
            case UInt8(ascii: ";"):
                guard let value = current else { return false }
                attributes.append(value)
                current = nil
            case UInt8(ascii: "c"):
                guard let value = current else { return false }
                attributes.append(value)
                // The first is the terminal's class (62 … 65, or 1 for a VT100-like one).
                return attributes.dropFirst().contains(4)
            default:
                return false
            }
        }
        return false  // cut off before its end
    }

    /// The protocol to use: what the environment names, else sixel when the terminal's answer to
    /// the device attributes query lists it, else half blocks: in direct colour when `COLORTERM`
    /// says `truecolor` or `24bit`, else in the 256 colours (no answer, a timeout, garbage).
    ///
    /// Sixel wins over direct-colour half blocks where a terminal has both: a cell holds all its
    /// pixels (10 × 20 and more) rather than two, and a palette of 256 colours per picture,
    /// dithered, shows a poster better than two exact colours per cell.
    ///
    ///     PictureProtocol.detect(environment: ["TERM": "foot"], answer: Array("\u{1B}[?62;4;22c".utf8))   // .sixel
    public static func detect(environment: [String: String], answer: [UInt8]?) -> PictureProtocol {
        if let named = fromEnvironment(environment) { return named }
        if let answer, answerListsSixel(answer) { return .sixel }
        return hasDirectColor(environment) ? .directBlocks : .blocks
    }
}

/// What a user chose for pictures: `auto` detects, the others force (an app's `--pictures`
/// option and its config file).
///
///     PictureSetting(rawValue: "sixel")   // .sixel
public enum PictureSetting: String, Hashable, Sendable, CaseIterable {
    /// Detect (the environment, else the terminal's answer).
    case auto
    /// Force one protocol, whatever the terminal says.
    case kitty, sixel
    /// Force half blocks in direct colour (`--pictures truecolor`).
    case directBlocks = "truecolor"
    /// Force half blocks in the 256 colours.
    case blocks
    /// No pictures.
    case off

    /// The protocol this setting forces, or nil for `auto`.
    ///
    ///     PictureSetting.off.forced   // .off
    public var forced: PictureProtocol? {
        switch self {
        case .auto: return nil
        case .kitty: return .kitty
        case .sixel: return .sixel
        case .directBlocks: return .directBlocks
        case .blocks: return .blocks
        case .off: return .off
        }
    }

    /// The protocol to use: the forced one, or (for `auto`) the environment's, or the terminal's
    /// answer to a device attributes query asked through `ask` (called only when the
    /// environment does not decide; it returns nil on no answer).
    ///
    ///     let way = setting.resolve(environment: environment) { DeviceAttributes.query() }
    public func resolve(environment: [String: String], ask: () -> [UInt8]?) -> PictureProtocol {
        if let forced { return forced }
        if let named = PictureProtocol.fromEnvironment(environment) { return named }
        return PictureProtocol.detect(environment: environment, answer: ask())
    }
}
