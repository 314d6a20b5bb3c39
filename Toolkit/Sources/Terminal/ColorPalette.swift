import CNCursesW

/// Maps styles to ncurses attributes and color pairs, allocating a pair the first time a
/// foreground/background combination is used.
struct ColorPalette {
    /// Whether colors are drawn at all (off for NO_COLOR and terminals without color).
    let enabled: Bool
    private var pairs: [Pair: Int16] = [:]
    private var nextPair: Int16 = 1

    private struct Pair: Hashable {
        let foreground: Color
        let background: Color
    }

    init(enabled: Bool) {
        self.enabled = enabled
    }

    mutating func attributes(for style: Style) -> (attr_t, Int16) {
        var attributes = spindle_a_normal()
        let set = style.attributes
        if set.contains(.bold) { attributes |= spindle_a_bold() }
        if set.contains(.dim) { attributes |= spindle_a_dim() }
        if set.contains(.reverse) { attributes |= spindle_a_reverse() }
        if set.contains(.underline) { attributes |= spindle_a_underline() }
        if set.contains(.italic) { attributes |= spindle_a_italic() }
        guard enabled, style.foreground != .default || style.background != .default else { return (attributes, 0) }
        return (attributes, pair(for: Pair(foreground: style.foreground, background: style.background)))
    }

    private mutating func pair(for key: Pair) -> Int16 {
        if let existing = pairs[key] { return existing }
        guard Int(nextPair) < spindle_color_pairs() else { return 0 }
        let number = nextPair
        nextPair += 1
        init_pair(number, Self.number(of: key.foreground), Self.number(of: key.background))
        pairs[key] = number
        return number
    }

    /// The ncurses color number (-1 is the terminal's default, thanks to `use_default_colors`).
    static func number(of color: Color) -> Int16 {
        switch color {
        case .default: return -1
        case .black: return Int16(COLOR_BLACK)
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .white: return Int16(COLOR_WHITE)
        case .indexed(let index): return Int16(Color.fallbackIndex(index, colors: Int(spindle_colors())))
        }
    }
}
