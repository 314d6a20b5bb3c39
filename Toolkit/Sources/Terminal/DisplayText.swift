import CNCursesW

/// Text measured and cut in display columns, made safe to draw.
///
/// Widths come from the C library's `wcwidth`, the table ncurses itself uses to place
/// characters, so what we measure is where ncurses puts things: CJK and most emoji take 2
/// columns, combining marks 0. Text from data is untrusted: every control character (C0, DEL,
/// C1, ESC) and bidirectional override is replaced by a visible placeholder, so no byte from data
/// reaches the terminal as part of an escape sequence.
///
///     DisplayText.width("日本語🎵x")                  // 9
///     DisplayText.truncated("日本語タイトル", toWidth: 7) // "日本語…"
public enum DisplayText {
    /// The ellipsis that ends a cut text (1 column).
    package static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// Display columns the (sanitized) text takes.
    public static func width(_ text: some StringProtocol) -> Int {
        let text = String(text)
        if let columns = printableASCIIWidth(text) { return columns }
        var layout = TextLayout(capacity: text.utf8.count)
        layout.lay(text, maxWidth: .max, ellipsis: false)
        return layout.width
    }

    /// The text with every control character replaced by its visible placeholder.
    public static func sanitized(_ text: some StringProtocol) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(visible(scalar)) }
        return String(result)
    }

    /// The sanitized text cut to at most `width` columns. A wide character is never split; when
    /// the text is cut and `ellipsis` is true, it ends with "…" (within the width).
    public static func truncated(_ text: some StringProtocol, toWidth width: Int, ellipsis: Bool = true) -> String {
        let text = String(text)
        if let columns = printableASCIIWidth(text), columns <= width { return text }
        var layout = TextLayout(capacity: text.utf8.count + 1)
        layout.lay(text, maxWidth: width, ellipsis: ellipsis)
        return layout.isVerbatim ? text : layout.string
    }

    /// The sanitized text cut to `width` columns (see `truncated`), then padded with spaces to
    /// exactly `width` columns.
    public static func fitted(_ text: some StringProtocol, toWidth width: Int, ellipsis: Bool = true) -> String {
        let text = String(text)
        if let columns = printableASCIIWidth(text), columns <= width {
            return padded(text, by: width - columns)
        }
        var layout = TextLayout(capacity: text.utf8.count + 1)
        layout.lay(text, maxWidth: width, ellipsis: ellipsis)
        return padded(layout.isVerbatim ? text : layout.string, by: max(width - layout.width, 0))
    }

    /// The width of printable ASCII text (its length), or nil if it has anything else: the
    /// common case, where measuring, cutting and sanitizing are trivial.
    @inline(__always)
    static func printableASCIIWidth(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
        }
    }

    private static func padded(_ text: String, by count: Int) -> String {
        count > 0 ? text + String(repeating: " ", count: count) : text
    }

    /// The scalar drawn for `scalar`: itself, or a visible placeholder for anything that could
    /// control the terminal.
    @inline(__always)
    package static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return scalar }
        if value < 0x20 { return Unicode.Scalar(0x2400 + value)! }  // ␀ … ␟ (␛ for ESC)
        if value == 0x7F { return "\u{2421}" }                        // ␡
        if value <= 0x9F { return "\u{FFFD}" }                        // C1 controls (CSI, OSC, …)
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
            return "\u{FFFD}"                                         // bidirectional overrides
        }
        if value == 0x2028 || value == 0x2029 { return "\u{FFFD}" }   // line/paragraph separators
        return scalar
    }

    /// Display width of one already-visible scalar: 0, 1 or 2.
    @inline(__always)
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        _ = UTF8Locale.ensuredOnce
        let width = Int(spindle_wcwidth(wchar_t(bitPattern: value)))
        return width < 0 ? -1 : width
    }
}
