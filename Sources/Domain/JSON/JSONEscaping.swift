/// How Spindle writes a character inside a JSON string.
///
/// Besides what JSON requires (quote, backslash, C0 controls), DEL and the C1 controls are
/// escaped too, so that a catalog file or an error message is safe to print on a terminal.
package enum JSONEscaping {
    package static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{8}": return "\\b"
        case "\u{C}": return "\\f"
        case "\u{0}" ..< "\u{20}", "\u{7F}" ... "\u{9F}":
            let hex = String(scalar.value, radix: 16, uppercase: false)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            return String(scalar)
        }
    }

    /// Appends `text` as a JSON string literal, quotes included.
    package static func appendLiteral(_ text: String, to output: inout String) {
        output += "\""
        // Runs of harmless characters are copied whole; only the rare escapes go one by one.
        if !text.unicodeScalars.contains(where: needsEscape) {
            output += text
        } else {
            for scalar in text.unicodeScalars {
                output += escaped(scalar)
            }
        }
        output += "\""
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
    }
}
