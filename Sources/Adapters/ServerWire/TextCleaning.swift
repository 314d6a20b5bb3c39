/// Makes text from the network safe for one line on a terminal: control characters (C0, DEL,
/// C1, and the line and paragraph separators) become spaces, runs of spaces collapse, and the
/// result is cut to `limit` characters with "…".
package enum TextCleaning {
    package static func clean(_ text: String, limit: Int) -> String {
        var result = ""
        var lastWasSpace = false
        var count = 0
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F ... 0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029
            let isSpace = isControl || scalar == " "
            if isSpace {
                if lastWasSpace || result.isEmpty { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            if count == limit {
                result = String(result.unicodeScalars.prefix(limit - 1)) + "…"
                return trimmed(result)
            }
            result.unicodeScalars.append(isSpace ? " " : scalar)
            count += 1
        }
        return trimmed(result)
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// "30 s", "1.5 s", "200 ms": a timeout as messages say it.
    package static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds / 1000).\(milliseconds % 1000 / 100) s"
    }
}
