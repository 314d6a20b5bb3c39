import Terminal

/// Colours as a configuration writes them: a name ("red", "bright-blue", "default"), an index
/// of the 256 colours (0 … 255, as an integer), or "#rrggbb", made the nearest of the 256. A
/// terminal with fewer colours draws the nearest it has (`Color.fallbackIndex`).
///
///     ColorSyntax.color(.string("#5fafff"))   // .indexed(75)
///     ColorSyntax.color(.integer(208))        // .indexed(208)
package enum ColorSyntax {
    package static func color(_ value: TOMLValue) -> Color? {
        switch value {
        case .integer(let index): return (0...255).contains(index) ? .indexed(UInt8(index)) : nil
        case .string(let text): return color(text)
        default: return nil
        }
    }

    static func color(_ text: String) -> Color? {
        let lower = text.lowercased()
        if let color = names[lower] { return color }
        if lower.hasPrefix("#"), lower.count == 7, let rgb = UInt32(lower.dropFirst(), radix: 16) {
            return Color.nearest(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF))
        }
        return nil
    }

    /// How a configuration writes `color` (an index as a number).
    package static func text(_ color: Color) -> String {
        if case .indexed(let index) = color { return String(index) }
        return "\"" + (names.first { $0.value == color }?.key ?? "default") + "\""
    }

    static let names: [String: Color] = [
        "default": .default, "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
        "magenta": .magenta, "cyan": .cyan, "white": .white,
        "bright-black": .indexed(8), "gray": .indexed(8), "grey": .indexed(8), "bright-red": .indexed(9),
        "bright-green": .indexed(10), "bright-yellow": .indexed(11), "bright-blue": .indexed(12),
        "bright-magenta": .indexed(13), "bright-cyan": .indexed(14), "bright-white": .indexed(15),
    ]
}
