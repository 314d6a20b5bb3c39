import Testing
@testable import Terminal

/// The layout's fast paths (printable ASCII in bulk, then scalar by scalar) must give exactly
/// what the grapheme-by-grapheme path gives.
@Suite("Text layout fast paths")
struct TextLayoutTests {
    static let aloneBlocks: [ClosedRange<UInt32>] = [
        0x00 ... 0x2FF, 0x2010 ... 0x2027, 0x2030 ... 0x205E, 0x2190 ... 0x23FF, 0x2400 ... 0x243F,
        0x2500 ... 0x25FF, 0x2800 ... 0x28FF, 0x3041 ... 0x3096, 0x30A1 ... 0x30FA,
        0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xFF01 ... 0xFF5E,
    ]

    @Test("a scalar laid out on its own is a grapheme of its own, beside anything of the kind")
    func aloneScalarsNeverJoin() {
        var checked = 0
        for block in Self.aloneBlocks {
            for value in block {
                guard let scalar = Unicode.Scalar(value), TextLayout.isAlwaysAlone(scalar) else { continue }
                let text = String(Character(scalar))
                // Joins with what follows (Prepend), with what precedes (Extend, SpacingMark,
                // ZWJ), or with itself (regional indicators, Hangul jamo, CR LF) would show here.
                #expect(("a" + text).count == 2, "U+\(String(value, radix: 16)) joins what precedes it")
                #expect((text + "a").count == 2, "U+\(String(value, radix: 16)) joins what follows it")
                #expect((text + text).count == 2, "U+\(String(value, radix: 16)) joins itself")
                checked += 1
            }
        }
        #expect(checked == 29_892)  // every scalar of those blocks but CR
        #expect(!TextLayout.isAlwaysAlone("\r"))
        #expect(!TextLayout.isAlwaysAlone("\u{301}"))
        #expect(!TextLayout.isAlwaysAlone("\u{200D}"))
        #expect(!TextLayout.isAlwaysAlone("\u{1F1EF}"))
    }

    @Test("texts that mix the paths cut and measure the same", arguments: [
        ("Amélie à Montréal", 10, "Amélie à …"),
        ("Amélie à Montréal", 17, "Amélie à Montréal"),
        ("東京物語 – Tokyo…", 9, "東京物語…"),
        ("Screen Wipe \u{1B}[2J", 14, "Screen Wipe ␛…"),
        ("Carriage\rReturn", 9, "Carriage…"),
        ("Cafe\u{301} Society", 5, "Cafe\u{301}…"),
        ("Flags 🇯🇵🇫🇷", 9, "Flags 🇯🇵…"),
        ("Zoë ↑↓ ━●─", 10, "Zoë ↑↓ ━●─"),
    ])
    func mixedTexts(text: String, width: Int, expected: String) {
        let cut = DisplayText.truncated(text, toWidth: width)
        #expect(cut == expected)
        #expect(DisplayText.width(cut) <= width)
    }

    @Test("a text drawn as given is returned as given; a changed one is not")
    func verbatim() {
        var layout = TextLayout()
        layout.lay("Søren's Winter", maxWidth: 80, ellipsis: true)
        #expect(layout.isVerbatim)
        layout.lay("Bell \u{7}", maxWidth: 80, ellipsis: true)
        #expect(!layout.isVerbatim)
        layout.lay("Søren's Winter", maxWidth: 5, ellipsis: true)
        #expect(!layout.isVerbatim)
        layout.lay("\u{301}x", maxWidth: 80, ellipsis: true)
        #expect(!layout.isVerbatim)
    }
}
