import Testing
@testable import Terminal

@Suite("Display width and truncation")
struct DisplayTextTests {
    @Test("width counts display columns", arguments: [
        ("hello", 5),
        ("", 0),
        ("café", 4),                 // precomposed é
        ("cafe\u{301}", 4),          // e + combining acute: 0 columns for the mark
        ("日本語", 6),
        ("日本語🎵x", 9),
        ("🎬", 2),
        ("한국어", 6),
        ("ｆｕｌｌ", 8),              // fullwidth Latin
        ("a\u{1B}[2Jb", 6),          // ESC becomes one visible placeholder
        ("\u{7F}", 1),
        ("\u{9B}31m", 4),            // C1 CSI
    ])
    func width(text: String, columns: Int) {
        #expect(DisplayText.width(text) == columns)
    }

    @Test("control characters become visible placeholders, never escape sequences")
    func sanitizing() {
        #expect(DisplayText.sanitized("a\u{1B}[2Jb") == "a␛[2Jb")
        #expect(DisplayText.sanitized("\u{0}\u{7}\u{9}\u{A}\u{D}") == "␀␇␉␊␍")
        #expect(DisplayText.sanitized("x\u{7F}y") == "x␡y")
        #expect(DisplayText.sanitized("\u{9B}\u{9D}0;t\u{9C}") == "\u{FFFD}\u{FFFD}0;t\u{FFFD}")
        #expect(DisplayText.sanitized("\u{202E}evil") == "\u{FFFD}evil")
        let hostile = DisplayText.sanitized("\u{1B}]0;pwned\u{7}")
        #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("truncation never splits a wide character", arguments: [
        ("日本語タイトル", 7, true, "日本語…"),
        ("日本語タイトル", 6, false, "日本語"),
        ("日本語タイトル", 5, false, "日本"),
        ("日本語タイトル", 5, true, "日本…"),
        ("abcdef", 4, true, "abc…"),
        ("abcdef", 6, true, "abcdef"),
        ("abc", 10, true, "abc"),
        ("🎬🎬🎬", 5, true, "🎬🎬…"),
        ("🎬🎬🎬", 3, false, "🎬"),
        ("abc", 1, true, "…"),
        ("abc", 0, true, ""),
        ("cafe\u{301} noir", 5, true, "cafe\u{301}…"),
    ])
    func truncation(text: String, width: Int, ellipsis: Bool, expected: String) {
        let cut = DisplayText.truncated(text, toWidth: width, ellipsis: ellipsis)
        #expect(cut == expected)
        #expect(DisplayText.width(cut) <= width)
    }

    @Test("fitted pads to exactly the width")
    func fitted() {
        #expect(DisplayText.fitted("日本", toWidth: 6) == "日本  ")
        #expect(DisplayText.width(DisplayText.fitted("日本語タイトル", toWidth: 8)) == 8)
    }

    @Test("a combining mark alone has no base and is dropped; emoji sequences stay whole")
    func combiningAndSequences() {
        #expect(DisplayText.width("\u{301}") == 0)
        #expect(DisplayText.truncated("👩‍🚀x", toWidth: 4, ellipsis: false) == "👩‍🚀")
    }
}
